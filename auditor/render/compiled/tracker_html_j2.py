from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'tracker.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_tracker = resolve('tracker')
    try:
        t_1 = environment.filters['clip']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'clip' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_4 = environment.tests['false']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No test named 'false' found.")
    pass
    if (undefined(name='tracker') if l_0_tracker is missing else l_0_tracker):
        pass
        yield '<section aria-labelledby="tracker-heading">\n<h2 id="tracker-heading">What users report</h2>\n<details class="problems-box" id="tracker-list" open>\n<summary>Issue trackers with reproduction blockers ('
        yield escape(environment.finalize(t_3((undefined(name='tracker') if l_0_tracker is missing else l_0_tracker))))
        yield ')</summary>\n<p class="fix">Titles among each repository\'s latest issues that report weights, code or data missing, results that cannot be reproduced, an install that fails, or ask when something will be released: evidence for the reader, not a criterion.</p>\n<ul>\n'
        l_1_loop = missing
        for l_1_item, l_1_loop in LoopContext((undefined(name='tracker') if l_0_tracker is missing else l_0_tracker)[:200], undefined):
            l_1_a = resolve('a')
            _loop_vars = {}
            pass
            yield '  <li class="tracker">'
            yield escape(environment.finalize(context.call((undefined(name='a') if l_1_a is missing else l_1_a), environment.getattr(l_1_item, 'url'), t_1(environment.getattr(l_1_item, 'url')), _loop_vars=_loop_vars)))
            yield ' — cited by '
            l_2_loop = missing
            for l_2_name, l_2_loop in LoopContext(environment.getattr(l_1_item, 'papers')[:3], undefined):
                _loop_vars = {}
                pass
                yield '<strong>'
                yield escape(environment.finalize(t_1(l_2_name, 120)))
                yield '</strong>'
                yield escape(environment.finalize((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 10 in 'tracker.html.j2' evaluated to false and no else section was defined."))))
            l_2_loop = l_2_name = missing
            if (t_3(environment.getattr(l_1_item, 'papers')) > 3):
                pass
                yield ' and '
                yield escape(environment.finalize((t_3(environment.getattr(l_1_item, 'papers')) - 3)))
                yield ' more'
            yield '    <ul>\n'
            l_2_loop = missing
            for l_2_note, l_2_loop in LoopContext(environment.getattr(l_1_item, 'notes'), undefined):
                _loop_vars = {}
                pass
                yield '      <li><b>'
                yield escape(environment.finalize(environment.getattr(l_2_note, 'words')))
                yield '</b>: '
                l_3_loop = missing
                for l_3_report, l_3_loop in LoopContext(environment.getattr(l_2_note, 'reports'), undefined):
                    _loop_vars = {}
                    pass
                    yield escape(environment.finalize(context.call((undefined(name='a') if l_1_a is missing else l_1_a), environment.getattr(l_3_report, 'url'), markup_join(('#', environment.getattr(l_3_report, 'number'), )), _loop_vars=_loop_vars)))
                    yield ' '
                    yield escape(environment.finalize(t_1(environment.getattr(l_3_report, 'title'), 100)))
                    if (not environment.getattr(l_3_report, 'open')):
                        pass
                        yield ' (closed)'
                    elif t_4(environment.getattr(l_3_report, 'answered')):
                        pass
                        yield ' (unanswered)'
                    if environment.getattr(l_3_report, 'labels'):
                        pass
                        yield ' ['
                        yield escape(environment.finalize(t_1(t_2(context.eval_ctx, environment.getattr(l_3_report, 'labels'), ', '), 60)))
                        yield ']'
                    yield escape(environment.finalize(('; ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 13 in 'tracker.html.j2' evaluated to false and no else section was defined."))))
                l_3_loop = l_3_report = missing
                if environment.getattr(l_2_note, 'more'):
                    pass
                    yield '; and '
                    yield escape(environment.finalize(environment.getattr(l_2_note, 'more')))
                    yield ' more'
                yield '</li>\n'
            l_2_loop = l_2_note = missing
            yield '    </ul>\n  </li>\n'
        l_1_loop = l_1_item = l_1_a = missing
        if (t_3((undefined(name='tracker') if l_0_tracker is missing else l_0_tracker)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_3((undefined(name='tracker') if l_0_tracker is missing else l_0_tracker)) - 200)))
            yield ' more.</li>\n'
        yield '</ul>\n</details>\n</section>\n'

blocks = {}
debug_info = '2=36&6=39&9=42&10=47&12=65&13=69&18=100&19=103'

# Generated from templates/tracker.html.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "b68cc62028103f830f4851a029b72cd7961c1e58b0cf975e8053619c4199016e"
