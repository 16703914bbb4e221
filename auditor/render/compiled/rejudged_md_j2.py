from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'rejudged.md.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_rejudged = resolve('rejudged')
    try:
        t_1 = environment.filters['md']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'md' found.")
    pass
    if (undefined(name='rejudged') if l_0_rejudged is missing else l_0_rejudged):
        pass
        yield '_'
        yield str(environment.finalize(t_1((undefined(name='rejudged') if l_0_rejudged is missing else l_0_rejudged), 500)))
        yield '_\n\n'

blocks = {}
debug_info = '3=18&4=21'

# Generated from templates/rejudged.md.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "4b808e3c1d034bf498dc1882dd9048ab4b1e101c8df90ab33fe3e07f67aa683c"
