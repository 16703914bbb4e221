from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'partials/overdue.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_overdue = resolve('overdue')
    try:
        t_1 = environment.filters['clip']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'clip' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    pass
    if (undefined(name='overdue') if l_0_overdue is missing else l_0_overdue):
        pass
        yield '<details class="problems-box" id="overdue-promises" open>\n<summary>Overdue promises ('
        yield escape(environment.finalize(t_2((undefined(name='overdue') if l_0_overdue is missing else l_0_overdue))))
        yield ')</summary>\n<p class="fix">Still open more than the rubric\'s grace period after the paper date: code still a placeholder, weights the README promises and does not give, an anonymous review link still cited. <code>--fail-on overdue</code> fails a run on them.</p>\n<ul>\n'
        for l_1_item in (undefined(name='overdue') if l_0_overdue is missing else l_0_overdue)[:200]:
            l_1_a = resolve('a')
            _loop_vars = {}
            pass
            yield '  <li><strong>'
            yield escape(environment.finalize(t_1(environment.getattr(l_1_item, 'paper'), 120)))
            yield '</strong> — '
            yield escape(environment.finalize(context.call((undefined(name='a') if l_1_a is missing else l_1_a), environment.getattr(l_1_item, 'url'), t_1(environment.getattr(l_1_item, 'url')), _loop_vars=_loop_vars)))
            yield ' — '
            yield escape(environment.finalize(t_1(environment.getattr(l_1_item, 'words'))))
            yield '</li>\n'
        l_1_item = l_1_a = missing
        if (t_2((undefined(name='overdue') if l_0_overdue is missing else l_0_overdue)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_2((undefined(name='overdue') if l_0_overdue is missing else l_0_overdue)) - 200)))
            yield ' more.</li>\n'
        yield '</ul>\n</details>\n'

blocks = {}
debug_info = '2=24&4=27&7=29&8=34&10=41&11=44'

# Generated from templates/partials/overdue.html.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "8dd8a63d2f92ea90351e22222858f70af498cae66fde9169c4039c253f53a979"
