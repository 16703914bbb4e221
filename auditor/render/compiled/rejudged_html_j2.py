from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'rejudged.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_rejudged = resolve('rejudged')
    pass
    if (undefined(name='rejudged') if l_0_rejudged is missing else l_0_rejudged):
        pass
        yield '<p class="rejudged" role="status" style="border-left: 4px solid var(--new); background: var(--new-bg); padding: .4rem .75rem; border-radius: 0 6px 6px 0; overflow-wrap: anywhere;">'
        yield escape(environment.finalize((undefined(name='rejudged') if l_0_rejudged is missing else l_0_rejudged)))
        yield '</p>\n'

blocks = {}
debug_info = '3=12&4=15'

# Generated from templates/rejudged.html.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "a20950b8bb2b8dc913b8fd1a67e96efc4ba7abf911155f031344c25694239ef6"
