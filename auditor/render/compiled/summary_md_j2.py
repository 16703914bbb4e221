from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'summary.md.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_summary = resolve('summary')
    l_0_counts = resolve('counts')
    l_0_headline = resolve('headline')
    l_0_report_url = resolve('report_url')
    l_0_dead_links = resolve('dead_links')
    l_0_cache_reuse = resolve('cache_reuse')
    l_0_tiers = resolve('tiers')
    l_0_doc = resolve('doc')
    l_0_namespace = resolve('namespace')
    l_0_sections = resolve('sections')
    l_0_fixes = resolve('fixes')
    l_0_total_papers = resolve('total_papers')
    l_0_views = resolve('views')
    l_0_s = l_0_truncated = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_4 = environment.filters['md']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'md' found.")
    try:
        t_5 = environment.filters['md_link']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'md_link' found.")
    try:
        t_6 = environment.tests['defined']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No test named 'defined' found.")
    try:
        t_7 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_s = (undefined(name='summary') if l_0_summary is missing else l_0_summary)
    context.vars['s'] = l_0_s
    context.exported_vars.add('s')
    if environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'warning'):
        pass
        yield '> **Warning:** '
        yield str(environment.finalize(t_4(environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'warning'), 500)))
        yield '\n\n'
    if (undefined(name='headline') if l_0_headline is missing else l_0_headline):
        pass
        yield '**'
        yield str(environment.finalize(t_4((undefined(name='headline') if l_0_headline is missing else l_0_headline), 500)))
        yield '**\n\n'
    template = environment.get_template('rejudged.md.j2', 'summary.md.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'s': l_0_s, 'truncated': l_0_truncated}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '## Reproducibility scorecard\n\n'
    if (undefined(name='report_url') if l_0_report_url is missing else l_0_report_url):
        pass
        yield '**[Open the full report]('
        yield str(environment.finalize((undefined(name='report_url') if l_0_report_url is missing else l_0_report_url)))
        yield ')**\n\n'
    yield str(environment.finalize(t_4(environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'code_sentence'), 500)))
    if environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'no_verdict_sentence'):
        pass
        yield ' '
        yield str(environment.finalize(t_4(environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'no_verdict_sentence'), 500)))
    yield '\n\n**'
    yield str(environment.finalize(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'papers')))
    yield '** papers · median score **'
    yield str(environment.finalize((environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'median_score') if (not t_7(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'median_score'))) else 'n/a')))
    yield '** · **'
    yield str(environment.finalize((undefined(name='dead_links') if l_0_dead_links is missing else l_0_dead_links)))
    yield '** dead links · **'
    yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'problems'), 'placeholder_papers')))
    yield '** placeholders · **'
    yield str(environment.finalize(environment.getattr(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'problems'), 'missing_licence')))
    yield '** without a licence\n'
    if (undefined(name='cache_reuse') if l_0_cache_reuse is missing else l_0_cache_reuse):
        pass
        yield '\n'
        yield str(environment.finalize(t_4((undefined(name='cache_reuse') if l_0_cache_reuse is missing else l_0_cache_reuse), 500)))
        yield '\n'
    yield '\n| Tier | Papers |\n|:-----|-------:|\n'
    for (l_1_tier, l_1_symbol) in (undefined(name='tiers') if l_0_tiers is missing else l_0_tiers):
        _loop_vars = {}
        pass
        yield '| '
        yield str(environment.finalize(l_1_symbol))
        yield ' '
        yield str(environment.finalize(l_1_tier))
        yield ' | '
        yield str(environment.finalize(environment.getitem(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'tiers'), l_1_tier)))
        yield ' |\n'
    l_1_tier = l_1_symbol = missing
    yield '\n_Gold means everything needed to try the code is there, not that its results were reproduced._\n'
    if environment.getattr(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'network'), 'note'):
        pass
        yield '\n> **Note:** '
        yield str(environment.finalize(t_4(environment.getattr(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'network'), 'note'), 500)))
        yield '\n'
    for l_1_note in (environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'notes') or []):
        _loop_vars = {}
        pass
        yield '\n> **Note:** '
        yield str(environment.finalize(t_4(l_1_note, 500)))
        yield '\n'
    l_1_note = missing
    yield '\n### Problems\n'
    l_0_truncated = context.call((undefined(name='namespace') if l_0_namespace is missing else l_0_namespace), any=False)
    context.vars['truncated'] = l_0_truncated
    context.exported_vars.add('truncated')
    l_1_loop = missing
    for l_1_section, l_1_loop in LoopContext((undefined(name='sections') if l_0_sections is missing else l_0_sections), undefined):
        l_1_problem_criteria = resolve('problem_criteria')
        _loop_vars = {}
        pass
        yield '\n#### '
        yield str(environment.finalize(environment.getattr(l_1_section, 'title')))
        yield ' ('
        yield str(environment.finalize(environment.getattr(l_1_section, 'total')))
        yield ')\n'
        if (not environment.getattr(l_1_section, 'total')):
            pass
            yield '\n'
            yield str(environment.finalize(('None found, but most links got no verdict.' if environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'warning') else 'None.')))
            yield '\n'
        else:
            pass
            yield '\n'
            if (environment.getattr(l_1_section, 'key') == 'acknowledged'):
                pass
                yield '_Known dead for good: `--fail-on` does not count them until the date given._\n'
            elif (environment.getattr(l_1_section, 'key') == 'stale'):
                pass
                yield '_These links resolve again: remove their acknowledgements._\n'
            elif (environment.getattr(l_1_section, 'key') == 'mismatch'):
                pass
                yield "_To fix: cite the repository holding this paper's code, or name the paper in its README._\n"
            elif (environment.getattr(l_1_section, 'key') == 'tracker'):
                pass
                yield "_Issue titles reporting a reproduction blocker, among each repository's latest issues: evidence for the reader, not a criterion._\n"
            elif (environment.getattr(l_1_section, 'key') == 'overdue'):
                pass
                template = environment.get_template('partials/overdue.md.j2', 'summary.md.j2')
                gen = template.root_render_func(template.new_context(context.get_all(), True, {'loop': l_1_loop, 'section': l_1_section, 's': l_0_s, 'truncated': l_0_truncated}))
                try:
                    for event in gen:
                        yield event
                finally: gen.close()
            elif (environment.getattr(l_1_section, 'key') == 'judged-elsewhere'):
                pass
                yield '_Judged on the part of the repository the link cites, or on the branch its README sends the reader to._\n'
            elif (environment.getattr(l_1_section, 'key') == 'artifacts'):
                pass
                yield "_Checked without downloading them: only the paper's own count against it; another work's (a base model) are shown, never counted._\n"
            elif (environment.getattr(l_1_section, 'key') == 'reviewed'):
                pass
                yield "_A reviewer's verdict, shown beside the measured one: it changes no tier, score or exit code. Those marked **look again** were measured otherwise this run._\n"
            else:
                pass
                yield '_To fix: '
                yield str(environment.finalize(t_4(environment.getattr(environment.getitem((undefined(name='problem_criteria') if l_1_problem_criteria is missing else l_1_problem_criteria), environment.getattr(l_1_section, 'key')), 'fix'))))
                yield '._\n'
            yield '\n'
            l_2_loop = missing
            for l_2_item, l_2_loop in LoopContext(environment.getattr(l_1_section, 'entries'), undefined):
                l_2_found_code = resolve('found_code')
                l_2_paper = resolve('paper')
                _loop_vars = {}
                pass
                if (environment.getattr(l_1_section, 'key') == 'dead'):
                    pass
                    yield '- '
                    yield str(environment.finalize(('**new** ' if environment.getattr(l_2_item, 'new') else cond_expr_undefined("the inline if-expression on line 76 in 'summary.md.j2' evaluated to false and no else section was defined."))))
                    yield str(environment.finalize(t_5(environment.getattr(environment.getattr(l_2_item, 'link'), 'url'))))
                    yield ' — '
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'link'), 'detail'))))
                    if environment.getattr(environment.getattr(l_2_item, 'link'), 'dead_since'):
                        pass
                        yield ' — dead since '
                        yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'link'), 'dead_since'), 40)))
                    if environment.getattr(environment.getattr(l_2_item, 'link'), 'acknowledged'):
                        pass
                        yield ' — **acknowledgement expired '
                        yield str(environment.finalize(t_4(environment.getattr(environment.getattr(environment.getattr(l_2_item, 'link'), 'acknowledged'), 'until'), 10)))
                        yield '**: '
                        yield str(environment.finalize(t_4(environment.getattr(environment.getattr(environment.getattr(l_2_item, 'link'), 'acknowledged'), 'reason'))))
                    if environment.getattr(environment.getattr(l_2_item, 'link'), 'archived_copy'):
                        pass
                        yield ' — archived copy: '
                        yield str(environment.finalize(t_5(environment.getattr(environment.getattr(environment.getattr(l_2_item, 'link'), 'archived_copy'), 'url'))))
                        if environment.getattr(environment.getattr(environment.getattr(l_2_item, 'link'), 'archived_copy'), 'saved'):
                            pass
                            yield ' (saved '
                            yield str(environment.finalize(t_4(environment.getattr(environment.getattr(environment.getattr(l_2_item, 'link'), 'archived_copy'), 'saved'), 10)))
                            yield ')'
                    yield ' — cited by '
                    l_3_loop = missing
                    for l_3_name, l_3_loop in LoopContext(environment.getattr(l_2_item, 'papers')[:3], undefined):
                        _loop_vars = {}
                        pass
                        yield '**'
                        yield str(environment.finalize(t_4(l_3_name, 120)))
                        yield '**'
                        yield str(environment.finalize((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 76 in 'summary.md.j2' evaluated to false and no else section was defined."))))
                    l_3_loop = l_3_name = missing
                    if (t_2(environment.getattr(l_2_item, 'papers')) > 3):
                        pass
                        yield ' and '
                        yield str(environment.finalize((t_2(environment.getattr(l_2_item, 'papers')) - 3)))
                        yield ' more'
                    yield '\n'
                elif (environment.getattr(l_1_section, 'key') == 'artifacts'):
                    pass
                    template = environment.get_template('partials/artifacts.md.j2', 'summary.md.j2')
                    gen = template.root_render_func(template.new_context(context.get_all(), True, {'item': l_2_item, 'loop': l_2_loop, 'paper': l_2_paper, 'section': l_1_section, 's': l_0_s, 'truncated': l_0_truncated}))
                    try:
                        for event in gen:
                            yield event
                    finally: gen.close()
                    yield '\n'
                elif (environment.getattr(l_1_section, 'key') == 'acknowledged'):
                    pass
                    yield '- '
                    yield str(environment.finalize(t_5(environment.getattr(environment.getattr(l_2_item, 'link'), 'url'))))
                    yield ' — acknowledged until '
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(environment.getattr(l_2_item, 'link'), 'acknowledged'), 'until'), 10)))
                    yield ': '
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(environment.getattr(l_2_item, 'link'), 'acknowledged'), 'reason'))))
                    yield ' — '
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'link'), 'detail'))))
                    yield ' — cited by '
                    l_3_loop = missing
                    for l_3_name, l_3_loop in LoopContext(environment.getattr(l_2_item, 'papers')[:3], undefined):
                        _loop_vars = {}
                        pass
                        yield '**'
                        yield str(environment.finalize(t_4(l_3_name, 120)))
                        yield '**'
                        yield str(environment.finalize((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 82 in 'summary.md.j2' evaluated to false and no else section was defined."))))
                    l_3_loop = l_3_name = missing
                    if (t_2(environment.getattr(l_2_item, 'papers')) > 3):
                        pass
                        yield ' and '
                        yield str(environment.finalize((t_2(environment.getattr(l_2_item, 'papers')) - 3)))
                        yield ' more'
                    yield '\n'
                elif (environment.getattr(l_1_section, 'key') == 'stale'):
                    pass
                    yield '- '
                    yield str(environment.finalize(t_5(environment.getattr(l_2_item, 'url'))))
                    yield ' — '
                    yield str(environment.finalize(t_4(environment.getattr(l_2_item, 'outcome'), 20)))
                    yield ' again; acknowledged until '
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'acknowledged'), 'until'), 10)))
                    yield ': '
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'acknowledged'), 'reason'))))
                    yield '\n\n'
                elif (environment.getattr(l_1_section, 'key') == 'overdue'):
                    pass
                    template = environment.get_template('partials/overdue.md.j2', 'summary.md.j2')
                    gen = template.root_render_func(template.new_context(context.get_all(), True, {'item': l_2_item, 'loop': l_2_loop, 'paper': l_2_paper, 'section': l_1_section, 's': l_0_s, 'truncated': l_0_truncated}))
                    try:
                        for event in gen:
                            yield event
                    finally: gen.close()
                elif (environment.getattr(l_1_section, 'key') == 'reviewed'):
                    pass
                    yield '- '
                    yield str(environment.finalize(('**look again** ' if environment.getattr(l_2_item, 'differs') else cond_expr_undefined("the inline if-expression on line 90 in 'summary.md.j2' evaluated to false and no else section was defined."))))
                    if environment.getattr(l_2_item, 'url'):
                        pass
                        yield str(environment.finalize(t_5(environment.getattr(l_2_item, 'url'))))
                    else:
                        pass
                        yield '**'
                        yield str(environment.finalize(t_4(environment.getattr(l_2_item, 'subject'), 120)))
                        yield '**'
                    yield ' — '
                    yield str(environment.finalize(t_4(environment.getattr(l_2_item, 'words'))))
                    yield '\n\n'
                elif (environment.getattr(l_1_section, 'key') == 'mismatch'):
                    pass
                    yield '- **'
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'paper'), 'name'), 120)))
                    yield '** — '
                    yield str(environment.finalize(t_5(environment.getattr(environment.getattr(l_2_item, 'paper'), 'scored_on'))))
                    yield ' — '
                    yield str(environment.finalize(t_4(environment.getattr(l_2_item, 'other_work'))))
                    yield '\n\n'
                elif (environment.getattr(l_1_section, 'key') == 'judged-elsewhere'):
                    pass
                    yield '- '
                    yield str(environment.finalize(t_5(environment.getattr(environment.getattr(l_2_item, 'link'), 'url'))))
                    yield ' — '
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'link'), 'detail'))))
                    yield ' — cited by '
                    l_3_loop = missing
                    for l_3_name, l_3_loop in LoopContext(environment.getattr(l_2_item, 'papers')[:3], undefined):
                        _loop_vars = {}
                        pass
                        yield '**'
                        yield str(environment.finalize(t_4(l_3_name, 120)))
                        yield '**'
                        yield str(environment.finalize((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 96 in 'summary.md.j2' evaluated to false and no else section was defined."))))
                    l_3_loop = l_3_name = missing
                    if (t_2(environment.getattr(l_2_item, 'papers')) > 3):
                        pass
                        yield ' and '
                        yield str(environment.finalize((t_2(environment.getattr(l_2_item, 'papers')) - 3)))
                        yield ' more'
                    yield '\n'
                elif (environment.getattr(l_1_section, 'key') == 'found'):
                    pass
                    yield '- **'
                    yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'paper'), 'name'), 120)))
                    yield '** — code found, not cited: '
                    l_3_loop = missing
                    for (l_3_url, l_3_via), l_3_loop in LoopContext(context.call((undefined(name='found_code') if l_2_found_code is missing else l_2_found_code), environment.getattr(environment.getattr(l_2_item, 'entry'), 'paper'), _loop_vars=_loop_vars), undefined):
                        _loop_vars = {}
                        pass
                        yield str(environment.finalize(t_5(l_3_url)))
                        if l_3_via:
                            pass
                            yield ' ('
                            yield str(environment.finalize(t_4(l_3_via)))
                            yield ')'
                        yield str(environment.finalize((', ' if (not environment.getattr(l_3_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 99 in 'summary.md.j2' evaluated to false and no else section was defined."))))
                    l_3_loop = l_3_url = l_3_via = missing
                    yield '\n'
                elif (environment.getattr(l_1_section, 'key') == 'tracker'):
                    pass
                    template = environment.get_template('tracker.md.j2', 'summary.md.j2')
                    gen = template.root_render_func(template.new_context(context.get_all(), True, {'item': l_2_item, 'loop': l_2_loop, 'paper': l_2_paper, 'section': l_1_section, 's': l_0_s, 'truncated': l_0_truncated}))
                    try:
                        for event in gen:
                            yield event
                    finally: gen.close()
                elif (environment.getattr(l_1_section, 'key') == 'preservation'):
                    pass
                    yield '- '
                    yield str(environment.finalize(t_5(environment.getattr(l_2_item, 'url'))))
                    yield ' — '
                    yield str(environment.finalize(('not yet preserved; archival requested (Save Code Now)' if (environment.getattr(l_2_item, 'preservation') == 'archival-requested') else 'not yet preserved in Software Heritage')))
                    if environment.getattr(l_2_item, 'archived_copy'):
                        pass
                        yield ' — last archived copy: '
                        yield str(environment.finalize(t_5(environment.getattr(environment.getattr(l_2_item, 'archived_copy'), 'url'))))
                        yield ' (saved '
                        yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_2_item, 'archived_copy'), 'saved'), 10)))
                        yield ')'
                    yield '\n'
                else:
                    pass
                    l_2_paper = environment.getattr(l_2_item, 'paper')
                    _loop_vars['paper'] = l_2_paper
                    yield '- **'
                    yield str(environment.finalize(t_4(environment.getattr((undefined(name='paper') if l_2_paper is missing else l_2_paper), 'name'), 120)))
                    yield '** — '
                    yield str(environment.finalize(t_5(environment.getattr((undefined(name='paper') if l_2_paper is missing else l_2_paper), 'scored_on'))))
                    def t_8(fiter):
                        for l_3_c in fiter:
                            if (environment.getattr(l_3_c, 'id') == environment.getattr(environment.getitem((undefined(name='problem_criteria') if l_1_problem_criteria is missing else l_1_problem_criteria), environment.getattr(l_1_section, 'key')), 'id')):
                                yield l_3_c
                    for l_3_c in t_8((environment.getattr((undefined(name='paper') if l_2_paper is missing else l_2_paper), 'criteria') or [])):
                        _loop_vars = {}
                        pass
                        yield ' — '
                        yield str(environment.finalize(t_4(environment.getattr(l_3_c, 'reason'))))
                    l_3_c = missing
                    yield '\n'
            l_2_loop = l_2_item = l_2_found_code = l_2_paper = missing
            if (t_2(environment.getattr(l_1_section, 'entries')) < environment.getattr(l_1_section, 'total')):
                pass
                if not isinstance(l_0_truncated, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_0_truncated['any'] = True
                yield '- _… and '
                yield str(environment.finalize((environment.getattr(l_1_section, 'total') - t_2(environment.getattr(l_1_section, 'entries')))))
                yield ' more_\n'
    l_1_loop = l_1_section = l_1_problem_criteria = missing
    if (undefined(name='fixes') if l_0_fixes is missing else l_0_fixes):
        pass
        yield '\n#### How to fix\n\n| Criterion | Papers failing | Fix |\n|:----------|---------------:|:----|\n'
        for l_1_failing in (undefined(name='fixes') if l_0_fixes is missing else l_0_fixes):
            _loop_vars = {}
            pass
            yield '| '
            yield str(environment.finalize(environment.getattr(environment.getattr(l_1_failing, 'spec'), 'id')))
            yield ' '
            yield str(environment.finalize(environment.getattr(environment.getattr(l_1_failing, 'spec'), 'title')))
            yield ' | '
            yield str(environment.finalize(environment.getattr(l_1_failing, 'count')))
            yield ' | '
            yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_1_failing, 'spec'), 'fix'))))
            yield ' |\n'
        l_1_failing = missing
    yield '\n<details>\n<summary>All '
    yield str(environment.finalize((undefined(name='total_papers') if l_0_total_papers is missing else l_0_total_papers)))
    yield ' papers</summary>\n\n| Paper | Tier | Score | Code | Licence | Last commit | Problems |\n|:------|:-----|------:|:-----|:--------|:------------|:---------|\n'
    l_1_loop = missing
    for l_1_v, l_1_loop in LoopContext((undefined(name='views') if l_0_views is missing else l_0_views), undefined):
        l_1_tier_symbols = resolve('tier_symbols')
        _loop_vars = {}
        pass
        yield '| '
        yield str(environment.finalize(t_4(environment.getattr(environment.getattr(l_1_v, 'paper'), 'name'), 120)))
        yield ' | '
        yield str(environment.finalize(context.call(environment.getattr((undefined(name='tier_symbols') if l_1_tier_symbols is missing else l_1_tier_symbols), 'get'), environment.getattr(l_1_v, 'tier'), '?', _loop_vars=_loop_vars)))
        yield ' '
        yield str(environment.finalize(t_4(environment.getattr(l_1_v, 'tier'), 20)))
        yield str(environment.finalize((str_join((' · reuse: ', environment.getattr(l_1_v, 'reuse'), )) if environment.getattr(l_1_v, 'reuse') else cond_expr_undefined("the inline if-expression on line 135 in 'summary.md.j2' evaluated to false and no else section was defined."))))
        yield str(environment.finalize((' · archived' if environment.getattr(l_1_v, 'archived') else cond_expr_undefined("the inline if-expression on line 135 in 'summary.md.j2' evaluated to false and no else section was defined."))))
        if environment.getattr(environment.getattr(l_1_v, 'entry'), 'review'):
            pass
            yield '<br>'
            yield str(environment.finalize(('**reviewed as ' if environment.getattr(environment.getattr(environment.getattr(l_1_v, 'entry'), 'review'), 'differs') else 'reviewed: ')))
            yield str(environment.finalize(t_4(environment.getattr(environment.getattr(environment.getattr(l_1_v, 'entry'), 'review'), 'verdict'), 20)))
            yield str(environment.finalize(('**' if environment.getattr(environment.getattr(environment.getattr(l_1_v, 'entry'), 'review'), 'differs') else cond_expr_undefined("the inline if-expression on line 135 in 'summary.md.j2' evaluated to false and no else section was defined."))))
        yield ' | '
        yield str(environment.finalize((environment.getattr(l_1_v, 'score') if (not t_7(environment.getattr(l_1_v, 'score'))) else '–')))
        yield ' | '
        l_2_loop = missing
        for l_2_link, l_2_loop in LoopContext(environment.getattr(l_1_v, 'shown')[:3], undefined):
            l_2_outcome_symbols = resolve('outcome_symbols')
            _loop_vars = {}
            pass
            yield str(environment.finalize(context.call(environment.getattr((undefined(name='outcome_symbols') if l_2_outcome_symbols is missing else l_2_outcome_symbols), 'get'), environment.getattr(l_2_link, 'outcome'), '?', _loop_vars=_loop_vars)))
            yield ' '
            yield str(environment.finalize(t_5(environment.getattr(l_2_link, 'url'))))
            yield str(environment.finalize(('<br>' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 135 in 'summary.md.j2' evaluated to false and no else section was defined."))))
        l_2_loop = l_2_link = l_2_outcome_symbols = missing
        yield ' | '
        yield str(environment.finalize((t_4(environment.getattr(l_1_v, 'licence'), 60) or '–')))
        yield ' | '
        yield str(environment.finalize((t_4(environment.getattr(l_1_v, 'last_commit'), 10) or '–')))
        yield ' | '
        yield str(environment.finalize(t_1(context.eval_ctx, t_3(context, environment.getattr(l_1_v, 'problems')[:3], 'md', 160), '; ')))
        if (t_2(environment.getattr(l_1_v, 'problems')) > 3):
            pass
            yield '; +'
            yield str(environment.finalize((t_2(environment.getattr(l_1_v, 'problems')) - 3)))
            yield ' more'
        yield ' |\n'
    l_1_loop = l_1_v = l_1_tier_symbols = missing
    if (t_2((undefined(name='views') if l_0_views is missing else l_0_views)) < (undefined(name='total_papers') if l_0_total_papers is missing else l_0_total_papers)):
        pass
        if not isinstance(l_0_truncated, Namespace):
            raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
        l_0_truncated['any'] = True
        yield '\n_… '
        yield str(environment.finalize(((undefined(name='total_papers') if l_0_total_papers is missing else l_0_total_papers) - t_2((undefined(name='views') if l_0_views is missing else l_0_views)))))
        yield ' more papers not shown here._\n'
    yield '\n</details>\n'
    if environment.getattr((undefined(name='truncated') if l_0_truncated is missing else l_0_truncated), 'any'):
        pass
        yield "\n**This summary is cut to fit GitHub's size limit**; "
        if (undefined(name='report_url') if l_0_report_url is missing else l_0_report_url):
            pass
            yield '[the full report]('
            yield str(environment.finalize((undefined(name='report_url') if l_0_report_url is missing else l_0_report_url)))
            yield ')'
        else:
            pass
            yield '`index.html` and `scorecard.json` in the report artifact'
        yield ' list every paper and problem.\n'
    yield '\n<sub>paper-auditor '
    yield str(environment.finalize((t_4(environment.getattr(environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'tool'), 'version'), 40) if (t_6(environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'tool')) and environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'tool')) else '')))
    yield ' · rubric '
    yield str(environment.finalize((t_4(environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'rubric_version'), 40) if environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'rubric_version') else 'unknown')))
    yield ' · generated '
    yield str(environment.finalize((t_4(environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'generated_at'), 40) if environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'generated_at') else 'unknown')))
    yield '</sub>\n'

blocks = {}
debug_info = '3=67&4=70&5=73&8=75&9=78&12=80&15=87&16=90&19=92&22=98&23=108&25=111&30=114&31=118&35=126&37=129&39=131&41=135&45=139&46=143&48=148&49=152&51=155&54=160&56=163&58=166&60=169&62=172&63=174&64=180&66=183&68=186&71=192&74=196&75=201&76=204&78=243&79=245&81=252&82=255&84=278&85=281&87=289&88=291&89=297&90=300&92=312&93=315&95=321&96=324&98=343&99=346&101=361&102=363&103=369&104=372&107=385&108=388&112=403&113=407&114=409&118=412&124=415&125=419&130=429&134=432&135=437&137=476&138=480&140=482&144=485&146=488&149=498'

# Generated from templates/summary.md.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "4606facb5722c9713e59566902b2f09fce8bee4e12218ee03547e0fd57637415"
