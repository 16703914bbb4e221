from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'reuse.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_reuse_mark = missing
    pass
    def macro(l_1_row):
        t_1 = []
        if l_1_row is missing:
            l_1_row = undefined("parameter 'row' was not provided", name='row')
        pass
        if environment.getattr(l_1_row, 'reuse'):
            pass
            t_1.extend((
                ' <span class="reuse u-',
                escape(environment.finalize(environment.getattr(l_1_row, 'reuse'))),
                '" title="reuse: ',
                escape(environment.finalize(environment.getattr(l_1_row, 'reuse_means'))),
                '">reuse: ',
                escape(environment.finalize(environment.getattr(l_1_row, 'reuse'))),
                '</span>',
            ))
        return concat(t_1)
    context.exported_vars.add('reuse_mark')
    context.vars['reuse_mark'] = l_0_reuse_mark = Macro(environment, macro, 'reuse_mark', ('row',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '3=12'

# Generated from templates/reuse.html.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "c726c9c55e5382eb8963037dd7cea03196e3e61b36034050314fa1e40b58672f"
