from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'judged_elsewhere.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_judged_elsewhere = resolve('judged_elsewhere')
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
    if (undefined(name='judged_elsewhere') if l_0_judged_elsewhere is missing else l_0_judged_elsewhere):
        pass
        yield '<details class="problems-box" id="judged-elsewhere-list">\n<summary>Judged on a folder or branch ('
        yield escape(environment.finalize(t_2((undefined(name='judged_elsewhere') if l_0_judged_elsewhere is missing else l_0_judged_elsewhere))))
        yield ')</summary>\n<p class="fix">Each was judged on the part of the repository the link cites, or on the branch its README sends the reader to, not on the default branch\'s root.</p>\n<ul>\n'
        l_1_loop = missing
        for l_1_item, l_1_loop in LoopContext((undefined(name='judged_elsewhere') if l_0_judged_elsewhere is missing else l_0_judged_elsewhere)[:200], undefined):
            l_1_a = resolve('a')
            _loop_vars = {}
            pass
            yield '  <li class="judged-elsewhere">'
            yield escape(environment.finalize(context.call((undefined(name='a') if l_1_a is missing else l_1_a), environment.getattr(environment.getattr(l_1_item, 'link'), 'url'), t_1(environment.getattr(environment.getattr(l_1_item, 'link'), 'url')), _loop_vars=_loop_vars)))
            yield ' — '
            yield escape(environment.finalize(t_1(environment.getattr(environment.getattr(l_1_item, 'link'), 'detail'))))
            yield ' — cited by '
            l_2_loop = missing
            for l_2_name, l_2_loop in LoopContext(environment.getattr(l_1_item, 'papers')[:3], undefined):
                _loop_vars = {}
                pass
                yield '<strong>'
                yield escape(environment.finalize(t_1(l_2_name, 120)))
                yield '</strong>'
                yield escape(environment.finalize((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 8 in 'judged_elsewhere.html.j2' evaluated to false and no else section was defined."))))
            l_2_loop = l_2_name = missing
            if (t_2(environment.getattr(l_1_item, 'papers')) > 3):
                pass
                yield ' and '
                yield escape(environment.finalize((t_2(environment.getattr(l_1_item, 'papers')) - 3)))
                yield ' more'
            yield '</li>\n'
        l_1_loop = l_1_item = l_1_a = missing
        if (t_2((undefined(name='judged_elsewhere') if l_0_judged_elsewhere is missing else l_0_judged_elsewhere)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_2((undefined(name='judged_elsewhere') if l_0_judged_elsewhere is missing else l_0_judged_elsewhere)) - 200)))
            yield ' more.</li>\n'
        yield '</ul>\n</details>\n'

blocks = {}
debug_info = '2=24&4=27&7=30&8=35&10=55&11=58'

# Generated from templates/judged_elsewhere.html.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "a4bd5146b1d09fa151f0f0daca01054e778d376802404d63e21d59aca888e4a5"
