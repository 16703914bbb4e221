from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'partials/artifacts.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_artifacts = resolve('artifacts')
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
    try:
        t_3 = environment.filters['safe_url']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'safe_url' found.")
    try:
        t_4 = environment.filters['short_url']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'short_url' found.")
    pass
    if (undefined(name='artifacts') if l_0_artifacts is missing else l_0_artifacts):
        pass
        yield '<details class="problems-box" id="artifact-list"'
        if environment.getattr(environment.getitem((undefined(name='artifacts') if l_0_artifacts is missing else l_0_artifacts), 0), 'counts'):
            pass
            yield ' open'
        yield '>\n<summary>Weights and data the READMEs give ('
        yield escape(environment.finalize(t_2((undefined(name='artifacts') if l_0_artifacts is missing else l_0_artifacts))))
        yield ')</summary>\n<p class="fix">Checked without downloading them. Only the paper\'s own count against it; another work\'s (a base model) are shown, never counted.</p>\n<ul>\n'
        l_1_loop = missing
        for l_1_item, l_1_loop in LoopContext((undefined(name='artifacts') if l_0_artifacts is missing else l_0_artifacts)[:200], undefined):
            _loop_vars = {}
            pass
            yield '  <li class="artifact outcome-'
            yield escape(environment.finalize(environment.getattr(l_1_item, 'outcome')))
            yield '"><span class="badge">'
            yield escape(environment.finalize(environment.getattr(l_1_item, 'outcome')))
            yield '</span> '
            yield escape(environment.finalize(environment.getattr(l_1_item, 'artifact')))
            if environment.getattr(l_1_item, 'theirs'):
                pass
                yield " (another work's)"
            yield ': <a href="'
            yield escape(environment.finalize(t_3(environment.getattr(l_1_item, 'url'))))
            yield '" rel="nofollow noopener">'
            yield escape(environment.finalize(t_1(environment.getattr(l_1_item, 'url'))))
            yield '</a> — '
            yield escape(environment.finalize(t_1(environment.getattr(l_1_item, 'detail'))))
            yield ' — README of <a href="'
            yield escape(environment.finalize(t_3(environment.getattr(l_1_item, 'via'))))
            yield '" rel="nofollow noopener">'
            yield escape(environment.finalize(t_4(environment.getattr(l_1_item, 'via'))))
            yield '</a>, '
            l_2_loop = missing
            for l_2_name, l_2_loop in LoopContext(environment.getattr(l_1_item, 'papers')[:3], undefined):
                _loop_vars = {}
                pass
                yield '<strong>'
                yield escape(environment.finalize(t_1(l_2_name, 120)))
                yield '</strong>'
                yield escape(environment.finalize((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 8 in 'partials/artifacts.html.j2' evaluated to false and no else section was defined."))))
            l_2_loop = l_2_name = missing
            if (t_2(environment.getattr(l_1_item, 'papers')) > 3):
                pass
                yield ' and '
                yield escape(environment.finalize((t_2(environment.getattr(l_1_item, 'papers')) - 3)))
                yield ' more'
            yield '</li>\n'
        l_1_loop = l_1_item = missing
        if (t_2((undefined(name='artifacts') if l_0_artifacts is missing else l_0_artifacts)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_2((undefined(name='artifacts') if l_0_artifacts is missing else l_0_artifacts)) - 200)))
            yield ' more: see links.csv.</li>\n'
        yield '</ul>\n</details>\n'

blocks = {}
debug_info = '2=36&3=39&4=43&7=46&8=50&10=85&11=88'

# Generated from templates/partials/artifacts.html.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "9bebe23031a731b99b71c9554199ae1110cf30c13e16b2a81eaeeee59a731b8f"
