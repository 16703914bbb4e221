from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'report.html.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_summary = resolve('summary')
    l_0_doc = resolve('doc')
    l_0_counts = resolve('counts')
    l_0_headline = resolve('headline')
    l_0_with_code = resolve('with_code')
    l_0_no_code = resolve('no_code')
    l_0_dead = resolve('dead')
    l_0_cache_reuse = resolve('cache_reuse')
    l_0_since = resolve('since')
    l_0_previous = resolve('previous')
    l_0_acknowledged = resolve('acknowledged')
    l_0_mismatches = resolve('mismatches')
    l_0_placeholders = resolve('placeholders')
    l_0_unlicensed = resolve('unlicensed')
    l_0_problem_criteria = resolve('problem_criteria')
    l_0_stale = resolve('stale')
    l_0_reviews = resolve('reviews')
    l_0_relook = resolve('relook')
    l_0_fixes = resolve('fixes')
    l_0_charts = resolve('charts')
    l_0_tiers = resolve('tiers')
    l_0_outcomes = resolve('outcomes')
    l_0_sources = resolve('sources')
    l_0_order_words = resolve('order_words')
    l_0_rows = resolve('rows')
    l_0_data = resolve('data')
    l_0_a = l_0_reuse_mark = l_0_new_mark = missing
    try:
        t_1 = environment.filters['clip']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'clip' found.")
    try:
        t_2 = environment.filters['day']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'day' found.")
    try:
        t_3 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_4 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_5 = environment.filters['safe_url']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'safe_url' found.")
    try:
        t_6 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_7 = environment.filters['short_url']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'short_url' found.")
    try:
        t_8 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_8(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield '<!doctype html>'
    def macro(l_1_url, l_1_label):
        t_9 = []
        l_1_href = missing
        if l_1_url is missing:
            l_1_url = undefined("parameter 'url' was not provided", name='url')
        if l_1_label is missing:
            l_1_label = undefined("parameter 'label' was not provided", name='label')
        pass
        l_1_href = t_5(l_1_url)
        if (undefined(name='href') if l_1_href is missing else l_1_href):
            pass
            t_9.extend((
                '<a href="',
                escape(environment.finalize((undefined(name='href') if l_1_href is missing else l_1_href))),
                '" rel="noopener noreferrer nofollow">',
                escape(environment.finalize(l_1_label)),
                '</a>',
            ))
        else:
            pass
            t_9.extend((
                '<span class="nolink">',
                escape(environment.finalize(l_1_label)),
                '</span>',
            ))
        return concat(t_9)
    context.exported_vars.add('a')
    context.vars['a'] = l_0_a = Macro(environment, macro, 'a', ('url', 'label'), False, False, False, context.eval_ctx.autoescape)
    included_template = environment.get_template('reuse.html.j2', 'report.html.j2')._get_default_module(context)
    l_0_reuse_mark = getattr(included_template, 'reuse_mark', missing)
    if l_0_reuse_mark is missing:
        l_0_reuse_mark = undefined(f"the template {included_template.__name__!r} (imported on line 9 in 'report.html.j2') does not export the requested name 'reuse_mark'", name='reuse_mark')
    context.vars['reuse_mark'] = l_0_reuse_mark
    context.exported_vars.discard('reuse_mark')
    def macro():
        t_10 = []
        pass
        t_10.extend((
            '<span class="new" title="not so in the previous run (',
            escape(environment.finalize((undefined(name='previous') if l_0_previous is missing else l_0_previous))),
            ')">new since ',
            escape(environment.finalize((undefined(name='since') if l_0_since is missing else l_0_since))),
            '</span>',
        ))
        return concat(t_10)
    context.exported_vars.add('new_mark')
    context.vars['new_mark'] = l_0_new_mark = Macro(environment, macro, 'new_mark', (), False, False, False, context.eval_ctx.autoescape)
    yield '<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; script-src \'unsafe-inline\'; style-src \'unsafe-inline\'; img-src data:">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<meta name="referrer" content="no-referrer">\n<link rel="icon" href="data:,">\n<title>Reproducibility scorecard · '
    yield escape(environment.finalize(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'papers')))
    yield ' papers</title>\n<style>\n:root {\n  --fg: #1b1f24; --muted: #57606a; --bg: #fff; --panel: #f6f8fa; --line: #d0d7de;\n  --accent: #0969da; --focus: #bf3989;\n  --gold: #9a6700; --gold-bg: #fff3c4; --silver: #424a53; --silver-bg: #e6e9ec;\n  --bronze: #8a4600; --bronze-bg: #fbe3cf; --listed: #0a5b9c; --listed-bg: #ddf0ff;\n  --bad: #a40e26; --bad-bg: #ffe2e0; --warn: #7d4e00; --warn-bg: #fff1d6;\n  --none: #57606a; --none-bg: #eaeef2; --new: #8250df; --new-bg: #fbefff;\n  /* The papers table\'s columns after the details button; every row is its own grid, so the\n     tracks are fixed sizes, never `auto`. Their minimums add up to 58.6rem with the details\n     button: below 980px wide the rows stack. */\n  --cols: minmax(9rem, 2fr) 11rem 5.4rem minmax(8rem, 2fr) 7rem 7.6rem minmax(8rem, 2fr);\n}\n@media (prefers-color-scheme: dark) {\n  :root {\n    --fg: #e6edf3; --muted: #9da7b3; --bg: #0d1117; --panel: #161b22; --line: #30363d;\n    --accent: #58a6ff; --focus: #ff7bd0;\n    --gold: #f2cc60; --gold-bg: #3b2e00; --silver: #d0d7de; --silver-bg: #30363d;\n    --bronze: #f0a56b; --bronze-bg: #3d2410; --listed: #79c0ff; --listed-bg: #0c2d48;\n    --bad: #ff9492; --bad-bg: #49161a; --warn: #e3b341; --warn-bg: #3a2a00;\n    --none: #9da7b3; --none-bg: #21262d; --new: #d2a8ff; --new-bg: #2e1f47;\n  }\n}\n* { box-sizing: border-box; }\nbody { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }\nheader, main, footer { padding: 0 1rem; max-width: 1400px; margin: 0 auto; }\nh1 { font-size: 1.5rem; margin: 1rem 0 .25rem; }\nh2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }\nh3 { font-size: 1rem; margin: .75rem 0 .25rem; }\na { color: var(--accent); }\n.meta, .sub, .src, .muted { color: var(--muted); font-size: .85em; }\n.warning { color: var(--warn); background: var(--warn-bg); border: 1px solid var(--warn); border-radius: 6px; padding: .5rem .75rem; }\n:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }\n.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .5rem; margin: .75rem 0; padding: 0; list-style: none; }\n.stats li { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; }\n.stats li > b { display: block; font-size: 1.5rem; }\n.stats li.code { grid-column: span 2; border-color: var(--listed); }\n.stats li.code .sub { display: block; }\n.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: .75rem; }\n.chart { margin: 0; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .5rem; }\n.chart figcaption { font-weight: 600; font-size: .9rem; }\n.chart svg { width: 100%; height: auto; display: block; }\n.chart text { font-size: 11px; fill: var(--fg); }\n.chart rect { fill: var(--accent); }\n.chart rect.b-dead, .chart rect.b-no-code, .chart rect.b-none { fill: var(--bad); }\n.chart rect.b-placeholder, .chart rect.b-transient, .chart rect.b-non-commercial { fill: var(--warn); }\n.chart rect.b-gold { fill: var(--gold); } .chart rect.b-silver { fill: var(--silver); } .chart rect.b-bronze { fill: var(--bronze); }\n.chart rect.b-unknown, .chart rect.b-unchecked { fill: var(--none); }\n.problems-box { margin: .5rem 0; border: 1px solid var(--line); border-radius: 6px; padding: .4rem .75rem; }\n.problems-box summary { cursor: pointer; font-weight: 600; }\n.problems-box ul { margin: .25rem 0 .5rem; padding-left: 1.25rem; }\n.problems-box li { overflow-wrap: anywhere; margin: .15rem 0; }\n.problems-box .fix { margin: .25rem 0; }\n.fix { color: var(--listed); font-size: .9em; }\n.fix b { font-weight: 600; }\ntable.fixes { border-collapse: collapse; margin: .25rem 0 .5rem; width: 100%; }\ntable.fixes th, table.fixes td { text-align: left; vertical-align: top; padding: .2rem .5rem; border-bottom: 1px solid var(--line); font-size: .9rem; }\ntable.fixes td.num { text-align: right; }\n.new { display: inline-block; border-radius: 999px; padding: 0 .5em; font-size: .8em; font-weight: 600; white-space: nowrap; color: var(--new); background: var(--new-bg); border: 1px solid currentColor; }\n.controls { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin: 1rem 0 .5rem; }\n.controls label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); }\n.controls select, .controls input { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .3rem .4rem; min-width: 9rem; }\n.controls input { min-width: 16rem; }\n.controls p { margin: 0; }\nbutton { font: inherit; color: inherit; }\n/* The papers table is laid out as grid rows, and each paper\'s tbody skips rendering while off\n   screen (content-visibility): with 5,000 papers, a sort or filter lays out only what is\n   visible. Only the table\'s own rows and cells (child combinators) take this layout: the\n   criteria table inside a details panel is an ordinary table. ARIA roles keep the table\n   semantics that display changes can drop. */\ntable.papers { display: block; width: 100%; }\n.papers > thead, .papers > tbody { display: block; }\n.papers > thead > tr, .papers > tbody > tr { display: grid; grid-template-columns: 2.6rem var(--cols); }\n.papers > tbody { content-visibility: auto; contain-intrinsic-size: auto 6rem; border-bottom: 1px solid var(--line); }\n.papers > tbody > tr.detail { display: block; }\n.papers > tbody > tr.detail > td { display: block; width: 100%; }\n/* After every display rule above: author display values would otherwise beat [hidden]. */\n.papers > tbody[hidden], .papers > tbody > tr[hidden] { display: none; }\n.papers > thead { position: sticky; top: 0; z-index: 1; background: var(--panel); border-bottom: 2px solid var(--line); }\n.papers > thead > tr > th { text-align: left; padding: 0; }\n.papers > thead th button { width: 100%; height: 100%; text-align: left; background: none; border: 0; padding: .45rem .5rem; font-weight: 600; cursor: pointer; }\n.papers > thead th[aria-sort="ascending"] .ind::after { content: " ▲"; }\n.papers > thead th[aria-sort="descending"] .ind::after { content: " ▼"; }\n.papers > tbody > tr > td, .papers > tbody > tr > th { padding: .45rem .5rem; vertical-align: top; text-align: left; font-weight: normal; min-width: 0; }\n.papers .name { font-weight: 600; overflow-wrap: anywhere; }\n.papers .sub { display: block; overflow-wrap: anywhere; }\n/* One line under the name, cut at its start: the file name and line matter, not the folders. */\n.papers .src { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; direction: rtl; text-align: left; }\n.num { text-align: right; font-variant-numeric: tabular-nums; }\n.papers > tbody > tr > td.num { font-weight: 600; }\n.expand { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; width: 1.9rem; height: 1.9rem; cursor: pointer; }\n.expand[aria-expanded="true"] { transform: rotate(90deg); }\nul.links, ul.problems, ul.ev { margin: 0; padding: 0; list-style: none; }\nul.links li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }\n/* The row\'s cells by position: 1 details, 2 paper, 3 tier, 4 score, 5 code, 6 licence,\n   7 last commit, 8 problems (no per-cell attributes: 5,000 rows stay small). */\n.papers > tbody > tr > :nth-child(7) { white-space: nowrap; }\n.papers > tbody > tr > :nth-child(3) .new, .papers > tbody > tr > :nth-child(3) .archived { margin-top: .2rem; }\n.archived { display: inline-block; border-radius: 999px; padding: 0 .5em; font-size: .8em; white-space: nowrap; color: var(--none); background: var(--none-bg); border: 1px solid currentColor; }\nul.problems li { overflow-wrap: anywhere; }\nul.problems li::before { content: "• "; color: var(--muted); }\n.tier, .o, .r { display: inline-block; border-radius: 999px; padding: 0 .5em; font-size: .85em; font-weight: 600; white-space: nowrap; border: 1px solid currentColor; }\n.t-gold { color: var(--gold); background: var(--gold-bg); } .t-silver { color: var(--silver); background: var(--silver-bg); }\n.t-bronze { color: var(--bronze); background: var(--bronze-bg); } .t-listed { color: var(--listed); background: var(--listed-bg); }\n.t-dead, .t-no-code, .o-dead, .r-fail { color: var(--bad); background: var(--bad-bg); }\n.t-placeholder, .o-transient, .o-moved, .o-blocked { color: var(--warn); background: var(--warn-bg); }\n.t-unknown, .o-unchecked, .o-excluded, .o-unsupported, .r-unknown, .r-na { color: var(--none); background: var(--none-bg); }\n.o-ok, .r-pass { color: var(--listed); background: var(--listed-bg); }\n.reuse { display: inline-block; margin-left: .3em; border-radius: 999px; padding: 0 .5em; font-size: .8em; white-space: nowrap; color: var(--muted); border: 1px dashed currentColor; } .reuse.u-restricted, .reuse.u-none, .r-partial { color: var(--warn); background: var(--warn-bg); }\n.nolink { overflow-wrap: anywhere; }\n/* A reviewer\'s verdict under the measured one, small; flagged when this run measured another. */\n.review { display: block; margin-top: .2rem; font-size: .8em; color: var(--muted); white-space: normal; overflow-wrap: anywhere; }\n.review.differs { color: var(--warn); font-weight: 600; }\n.review-flag { display: inline-block; border-radius: 999px; padding: 0 .5em; font-size: .8em; font-weight: 600; white-space: nowrap; color: var(--warn); background: var(--warn-bg); border: 1px solid currentColor; }\n/* The details panel: the paper\'s criteria as a table spanning the panel, its links below. */\n.papers > tbody > tr.detail > td { background: var(--panel); border-top: 1px solid var(--line); padding: .5rem .75rem .75rem; }\n.detail p { margin: .25rem 0; }\n.detail ul.ev li { overflow-wrap: anywhere; }\n.crit { width: 100%; border-collapse: collapse; margin: .25rem 0 .75rem; table-layout: auto; }\n.crit th, .crit td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; font-size: .9rem; }\n.crit thead th { font-weight: 600; border-bottom-width: 2px; white-space: nowrap; }\n.crit .c-crit { width: 20%; min-width: 12rem; font-weight: 600; }\n.crit .c-crit .cid { display: inline-block; min-width: 2em; color: var(--muted); }\n.crit .c-res { width: 1%; white-space: nowrap; }\n/* Reasons are prose and wrap at spaces; evidence is URLs and field=value tokens. */\n.crit .c-reason { width: 31%; }\n.crit .c-ev { width: 48%; }\n.crit .fix { display: block; margin-top: .2rem; }\n.empty { padding: 1rem; color: var(--muted); }\n.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }\n@media (max-width: 980px) {\n  .controls input { min-width: 0; width: 100%; }\n  .controls label { flex: 1 1 45%; }\n  .stats li.code { grid-column: auto; }\n  .papers > thead > tr, .papers > tbody > tr, .papers > tbody > tr > td, .papers > tbody > tr > th { display: block; }\n  .papers > thead { position: static; background: none; border: 0; }\n  .papers > thead > tr { display: flex; flex-wrap: wrap; gap: .25rem; }\n  .papers > thead > tr > th { border: 1px solid var(--line); border-radius: 6px; background: var(--panel); }\n  .papers > thead > tr > th.c-details { display: none; }\n  .papers > tbody { border-bottom: 2px solid var(--line); padding: .25rem 0; }\n  .papers > tbody > tr > td, .papers > tbody > tr > th { border: 0; padding: .15rem .25rem; }\n  .papers > tbody > tr > td::before { color: var(--muted); font-size: .85em; }\n  .papers > tbody > tr:not(.detail) > :nth-child(3)::before { content: "Tier: "; }\n  .papers > tbody > tr:not(.detail) > :nth-child(4)::before { content: "Score: "; }\n  .papers > tbody > tr:not(.detail) > :nth-child(5)::before { content: "Code: "; }\n  .papers > tbody > tr:not(.detail) > :nth-child(6)::before { content: "Licence: "; }\n  .papers > tbody > tr:not(.detail) > :nth-child(7)::before { content: "Last commit: "; }\n  .papers > tbody > tr:not(.detail) > :nth-child(8)::before { content: "Problems: "; }\n  .num { text-align: left; }\n  ul.links li { max-width: 100%; }\n  .papers > tbody > tr > :nth-child(3) .new, .papers > tbody > tr > :nth-child(3) .archived { margin: 0 0 0 .25rem; }\n  /* The criteria stack: criterion and result on a line, reason and evidence below it. */\n  .crit, .crit tbody { display: block; }\n  .crit thead { display: none; }\n  .crit tr { display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: .5rem; border-bottom: 1px solid var(--line); padding: .35rem 0; }\n  .crit th, .crit td, .crit .c-crit, .crit .c-res, .crit .c-reason, .crit .c-ev { display: block; border: 0; padding: .1rem .25rem; width: auto; min-width: 0; }\n  .crit .c-crit { grid-column: 1; }\n  .crit .c-res { grid-column: 2; }\n  .crit .c-reason, .crit .c-ev { grid-column: 1 / -1; }\n  .crit .c-ev:empty { display: none; }\n  table.fixes, table.fixes tbody { display: block; }\n  table.fixes thead { display: none; }\n  table.fixes tr { display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: .5rem; border-bottom: 1px solid var(--line); padding: .3rem 0; }\n  table.fixes th, table.fixes td { display: block; border: 0; padding: 0 .25rem; }\n  table.fixes td.num::after { content: " failing"; color: var(--muted); font-weight: normal; }\n  table.fixes td:last-child { grid-column: 1 / -1; }\n}\n@media print {\n  .controls, .expand, .papers > thead > tr > :first-child, .papers > tbody > tr:not(.detail) > :first-child, noscript { display: none !important; }\n  .papers > thead { position: static; }\n  .papers > tbody { break-inside: avoid; content-visibility: visible; }\n  a { color: inherit; }\n  .charts { grid-template-columns: repeat(2, 1fr); }\n}\n</style>\n<noscript><style>\n/* Without JavaScript: the rows as rendered (problems first), nothing that needs the script. */\n.controls, .papers > thead > tr > :first-child, .papers > tbody > tr > :first-child, .js-only { display: none; }\n.papers > thead > tr, .papers > tbody > tr { grid-template-columns: var(--cols); }\n.papers > thead th button { cursor: default; }\n@media (max-width: 980px) { .papers > thead { display: none; } }\n</style></noscript>\n</head>\n<body>\n<header>\n<h1>Reproducibility scorecard</h1>\n<p class="meta">\n  '
    yield escape(environment.finalize(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'papers')))
    yield ' papers from '
    yield escape(environment.finalize(t_3(environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'inputs'))))
    yield ' input'
    yield escape(environment.finalize(('s' if (t_3(environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'inputs')) != 1) else cond_expr_undefined("the inline if-expression on line 206 in 'report.html.j2' evaluated to false and no else section was defined."))))
    yield '\n  · generated '
    yield escape(environment.finalize((environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'generated_at') or 'at an unknown time')))
    yield '\n  · paper-auditor '
    yield escape(environment.finalize((environment.getattr(environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'tool'), 'version') or '')))
    yield ' · rubric '
    yield escape(environment.finalize((environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'rubric_version') or 'unknown')))
    yield '\n</p>\n'
    if environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'warning'):
        pass
        yield '<p class="warning" role="alert"><strong>'
        yield escape(environment.finalize(environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'warning')))
        yield '</strong></p>\n'
    if (undefined(name='headline') if l_0_headline is missing else l_0_headline):
        pass
        yield '<p role="status"><strong>'
        yield escape(environment.finalize((undefined(name='headline') if l_0_headline is missing else l_0_headline)))
        yield '</strong></p>\n'
    template = environment.get_template('rejudged.html.j2', 'report.html.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'new_mark': l_0_new_mark, 'relook': l_0_relook, 'reuse_mark': l_0_reuse_mark}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '<p id="headline-counts">'
    yield escape(environment.finalize(environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'code_sentence')))
    if environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'no_verdict_sentence'):
        pass
        yield ' '
        yield escape(environment.finalize(environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'no_verdict_sentence')))
    yield '</p>\n<ul class="stats" aria-label="Headline numbers">\n  <li><b>'
    yield escape(environment.finalize(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'papers')))
    yield '</b> papers</li>\n  <li class="code"><b>'
    yield escape(environment.finalize((undefined(name='with_code') if l_0_with_code is missing else l_0_with_code)))
    yield '</b> cite code<span class="sub">median score <strong>'
    yield escape(environment.finalize((environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'median_score') if (not t_8(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'median_score'))) else '–')))
    yield '</strong></span></li>\n  <li><b>'
    yield escape(environment.finalize((undefined(name='no_code') if l_0_no_code is missing else l_0_no_code)))
    yield '</b> no code link cited</li>\n  <li><b>'
    yield escape(environment.finalize(t_3((undefined(name='dead') if l_0_dead is missing else l_0_dead))))
    yield '</b> dead links</li>\n  <li><b>'
    yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'problems'), 'placeholder_papers')))
    yield '</b> placeholders</li>\n  <li><b>'
    yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'problems'), 'missing_licence')))
    yield '</b> without a licence</li>\n  <li><b>'
    yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'tiers'), 'unknown')))
    yield '</b> undecided</li>\n</ul>\n'
    if (undefined(name='cache_reuse') if l_0_cache_reuse is missing else l_0_cache_reuse):
        pass
        yield '<p class="muted" role="note">'
        yield escape(environment.finalize((undefined(name='cache_reuse') if l_0_cache_reuse is missing else l_0_cache_reuse)))
        yield '</p>\n'
    if environment.getattr(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'network'), 'note'):
        pass
        yield '<p class="muted" role="note">'
        yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'network'), 'note')))
        yield '</p>\n'
    for l_1_note in (environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'notes') or []):
        _loop_vars = {}
        pass
        yield '<p class="muted" role="note">'
        yield escape(environment.finalize(t_1(l_1_note, 500)))
        yield '</p>\n'
    l_1_note = missing
    yield '<section aria-labelledby="problems-heading">\n<h2 id="problems-heading">Problems</h2>\n'
    if (undefined(name='since') if l_0_since is missing else l_0_since):
        pass
        yield '<p class="muted">'
        yield escape(environment.finalize(context.call((undefined(name='new_mark') if l_0_new_mark is missing else l_0_new_mark))))
        yield ' marks what was not so in the previous run ('
        yield escape(environment.finalize((undefined(name='previous') if l_0_previous is missing else l_0_previous)))
        yield ').</p>\n'
    if environment.getattr((undefined(name='counts') if l_0_counts is missing else l_0_counts), 'warning'):
        pass
        yield '<p>None found, but most links got no verdict: this is no all clear.</p>\n'
    elif (not (((((undefined(name='dead') if l_0_dead is missing else l_0_dead) or (undefined(name='acknowledged') if l_0_acknowledged is missing else l_0_acknowledged)) or (undefined(name='mismatches') if l_0_mismatches is missing else l_0_mismatches)) or (undefined(name='placeholders') if l_0_placeholders is missing else l_0_placeholders)) or (undefined(name='unlicensed') if l_0_unlicensed is missing else l_0_unlicensed))):
        pass
        yield '<p>No dead links, placeholder repositories or missing licences.</p>\n'
    if (undefined(name='dead') if l_0_dead is missing else l_0_dead):
        pass
        yield '<details class="problems-box" id="dead-links" open>\n<summary>Dead links ('
        yield escape(environment.finalize(t_3((undefined(name='dead') if l_0_dead is missing else l_0_dead))))
        yield ')</summary>\n<p class="fix"><b>To fix:</b> '
        yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='problem_criteria') if l_0_problem_criteria is missing else l_0_problem_criteria), 'dead'), 'fix')))
        yield '. <a class="js-only" href="#outcome=dead">Show their papers in the table</a></p>\n<ul>\n'
        l_1_loop = missing
        for l_1_item, l_1_loop in LoopContext((undefined(name='dead') if l_0_dead is missing else l_0_dead)[:200], undefined):
            l_1_link = missing
            _loop_vars = {}
            pass
            l_1_link = environment.getattr(l_1_item, 'link')
            _loop_vars['link'] = l_1_link
            yield '  <li>'
            if (environment.getattr(l_1_item, 'new') and (undefined(name='since') if l_0_since is missing else l_0_since)):
                pass
                yield escape(environment.finalize(context.call((undefined(name='new_mark') if l_0_new_mark is missing else l_0_new_mark), _loop_vars=_loop_vars)))
                yield ' '
            yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'url'), t_1(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'url')), _loop_vars=_loop_vars)))
            yield '\n    — '
            yield escape(environment.finalize(t_1(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'detail'))))
            if (environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'dead_since') and (not (environment.getattr(l_1_item, 'new') and (undefined(name='since') if l_0_since is missing else l_0_since)))):
                pass
                yield ' — dead since '
                yield escape(environment.finalize(t_2(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'dead_since'))))
            if environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'acknowledged'):
                pass
                yield ' — <strong>acknowledgement expired '
                yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'acknowledged'), 'until')))
                yield '</strong>: '
                yield escape(environment.finalize(t_1(environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'acknowledged'), 'reason'))))
            if environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'archived_copy'):
                pass
                yield ' — archived copy: '
                yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'archived_copy'), 'url'), t_1(environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'archived_copy'), 'url'), 120), _loop_vars=_loop_vars)))
                if environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'archived_copy'), 'saved'):
                    pass
                    yield ' (saved '
                    yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'archived_copy'), 'saved')))
                    yield ')'
            yield '    — cited by '
            l_2_loop = missing
            for l_2_name, l_2_loop in LoopContext(environment.getattr(l_1_item, 'papers')[:3], undefined):
                _loop_vars = {}
                pass
                yield '<strong>'
                yield escape(environment.finalize(t_1(l_2_name, 120)))
                yield '</strong>'
                yield escape(environment.finalize((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 255 in 'report.html.j2' evaluated to false and no else section was defined."))))
            l_2_loop = l_2_name = missing
            if (t_3(environment.getattr(l_1_item, 'papers')) > 3):
                pass
                yield ' and '
                yield escape(environment.finalize((t_3(environment.getattr(l_1_item, 'papers')) - 3)))
                yield ' more'
            yield '</li>\n'
        l_1_loop = l_1_item = l_1_link = missing
        if (t_3((undefined(name='dead') if l_0_dead is missing else l_0_dead)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_3((undefined(name='dead') if l_0_dead is missing else l_0_dead)) - 200)))
            yield ' more: filter the table by the outcome “dead”.</li>\n'
        yield '</ul>\n</details>\n'
    if (undefined(name='acknowledged') if l_0_acknowledged is missing else l_0_acknowledged):
        pass
        yield '<details class="problems-box" id="acknowledged-links" open>\n<summary>Acknowledged dead links ('
        yield escape(environment.finalize(t_3((undefined(name='acknowledged') if l_0_acknowledged is missing else l_0_acknowledged))))
        yield ')</summary>\n<p class="fix">Known dead for good: <code>--fail-on</code> does not count them until the date given.</p>\n<ul>\n'
        l_1_loop = missing
        for l_1_item, l_1_loop in LoopContext((undefined(name='acknowledged') if l_0_acknowledged is missing else l_0_acknowledged)[:200], undefined):
            l_1_link = missing
            _loop_vars = {}
            pass
            l_1_link = environment.getattr(l_1_item, 'link')
            _loop_vars['link'] = l_1_link
            yield '  <li>'
            yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'url'), t_1(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'url')), _loop_vars=_loop_vars)))
            yield ' — acknowledged until '
            yield escape(environment.finalize(environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'acknowledged'), 'until')))
            yield ': '
            yield escape(environment.finalize(t_1(environment.getattr(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'acknowledged'), 'reason'))))
            yield '\n    — '
            yield escape(environment.finalize(t_1(environment.getattr((undefined(name='link') if l_1_link is missing else l_1_link), 'detail'))))
            yield ' — cited by '
            l_2_loop = missing
            for l_2_name, l_2_loop in LoopContext(environment.getattr(l_1_item, 'papers')[:3], undefined):
                _loop_vars = {}
                pass
                yield '<strong>'
                yield escape(environment.finalize(t_1(l_2_name, 120)))
                yield '</strong>'
                yield escape(environment.finalize((', ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 271 in 'report.html.j2' evaluated to false and no else section was defined."))))
            l_2_loop = l_2_name = missing
            if (t_3(environment.getattr(l_1_item, 'papers')) > 3):
                pass
                yield ' and '
                yield escape(environment.finalize((t_3(environment.getattr(l_1_item, 'papers')) - 3)))
                yield ' more'
            yield '</li>\n'
        l_1_loop = l_1_item = l_1_link = missing
        if (t_3((undefined(name='acknowledged') if l_0_acknowledged is missing else l_0_acknowledged)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_3((undefined(name='acknowledged') if l_0_acknowledged is missing else l_0_acknowledged)) - 200)))
            yield ' more.</li>\n'
        yield '</ul>\n</details>\n'
    if (undefined(name='stale') if l_0_stale is missing else l_0_stale):
        pass
        yield '<details class="problems-box" id="stale-acknowledgements" open>\n<summary>Stale acknowledgements ('
        yield escape(environment.finalize(t_3((undefined(name='stale') if l_0_stale is missing else l_0_stale))))
        yield ')</summary>\n<p class="fix">These links resolve again: remove their acknowledgements.</p>\n<ul>\n'
        for l_1_link in (undefined(name='stale') if l_0_stale is missing else l_0_stale)[:200]:
            _loop_vars = {}
            pass
            yield '  <li>'
            yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr(l_1_link, 'url'), t_1(environment.getattr(l_1_link, 'url')), _loop_vars=_loop_vars)))
            yield ' — '
            yield escape(environment.finalize(environment.getattr(l_1_link, 'outcome')))
            yield ' again; acknowledged until '
            yield escape(environment.finalize(environment.getattr(environment.getattr(l_1_link, 'acknowledged'), 'until')))
            yield ': '
            yield escape(environment.finalize(t_1(environment.getattr(environment.getattr(l_1_link, 'acknowledged'), 'reason'))))
            yield '</li>\n'
        l_1_link = missing
        if (t_3((undefined(name='stale') if l_0_stale is missing else l_0_stale)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_3((undefined(name='stale') if l_0_stale is missing else l_0_stale)) - 200)))
            yield ' more.</li>\n'
        yield '</ul>\n</details>\n'
    if (undefined(name='reviews') if l_0_reviews is missing else l_0_reviews):
        pass
        l_0_relook = t_3(t_4(context.eval_ctx, t_6(context, (undefined(name='reviews') if l_0_reviews is missing else l_0_reviews), 'differs')))
        context.vars['relook'] = l_0_relook
        context.exported_vars.add('relook')
        yield '<details class="problems-box" id="reviewed-verdicts" open>\n<summary>Reviewed verdicts ('
        yield escape(environment.finalize(t_3((undefined(name='reviews') if l_0_reviews is missing else l_0_reviews))))
        if (undefined(name='relook') if l_0_relook is missing else l_0_relook):
            pass
            yield '; '
            yield escape(environment.finalize((undefined(name='relook') if l_0_relook is missing else l_0_relook)))
            yield ' to look at again'
        yield ')</summary>\n<p class="fix">A reviewer\'s verdict (<code>.paper-auditor-reviews</code>) is shown beside the measured one, never in its place: it changes no tier, score or exit code. Those to look at again were measured otherwise this run.</p>\n<ul>\n'
        for l_1_item in (undefined(name='reviews') if l_0_reviews is missing else l_0_reviews)[:200]:
            _loop_vars = {}
            pass
            yield '  <li>'
            if environment.getattr(l_1_item, 'differs'):
                pass
                yield '<span class="review-flag">look again</span> '
            if environment.getattr(l_1_item, 'url'):
                pass
                yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr(l_1_item, 'url'), t_1(environment.getattr(l_1_item, 'url')), _loop_vars=_loop_vars)))
            else:
                pass
                yield '<strong>'
                yield escape(environment.finalize(t_1(environment.getattr(l_1_item, 'subject'), 120)))
                yield '</strong>'
            yield ' — '
            yield escape(environment.finalize(t_1(environment.getattr(l_1_item, 'words'))))
            yield '</li>\n'
        l_1_item = missing
        if (t_3((undefined(name='reviews') if l_0_reviews is missing else l_0_reviews)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_3((undefined(name='reviews') if l_0_reviews is missing else l_0_reviews)) - 200)))
            yield ' more.</li>\n'
        yield '</ul>\n</details>\n'
    template = environment.get_template('partials/overdue.html.j2', 'report.html.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'new_mark': l_0_new_mark, 'relook': l_0_relook, 'reuse_mark': l_0_reuse_mark}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    if (undefined(name='mismatches') if l_0_mismatches is missing else l_0_mismatches):
        pass
        yield '<details class="problems-box" id="mismatch-list" open>\n<summary>About another work ('
        yield escape(environment.finalize(t_3((undefined(name='mismatches') if l_0_mismatches is missing else l_0_mismatches))))
        yield ')</summary>\n<p class="fix"><b>To fix:</b> cite the repository holding this paper\'s code, or name the paper in its README. <a class="js-only" href="#tier=mismatch">Show them in the table</a></p>\n<ul>\n'
        for l_1_v in (undefined(name='mismatches') if l_0_mismatches is missing else l_0_mismatches)[:200]:
            _loop_vars = {}
            pass
            yield '  <li class="mismatch"><strong>'
            yield escape(environment.finalize(t_1(environment.getattr(environment.getattr(environment.getattr(l_1_v, 'entry'), 'paper'), 'name'), 120)))
            yield '</strong> — '
            yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr(environment.getattr(environment.getattr(l_1_v, 'entry'), 'score'), 'scored_on'), t_1(environment.getattr(environment.getattr(environment.getattr(l_1_v, 'entry'), 'score'), 'scored_on')), _loop_vars=_loop_vars)))
            yield ' — '
            yield escape(environment.finalize(t_1(environment.getattr(l_1_v, 'other_work'))))
            yield '</li>\n'
        l_1_v = missing
        if (t_3((undefined(name='mismatches') if l_0_mismatches is missing else l_0_mismatches)) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_3((undefined(name='mismatches') if l_0_mismatches is missing else l_0_mismatches)) - 200)))
            yield ' more: filter the table by the tier “mismatch”.</li>\n'
        yield '</ul>\n</details>\n'
    template = environment.get_template('judged_elsewhere.html.j2', 'report.html.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'new_mark': l_0_new_mark, 'relook': l_0_relook, 'reuse_mark': l_0_reuse_mark}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    template = environment.get_template('partials/artifacts.html.j2', 'report.html.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'new_mark': l_0_new_mark, 'relook': l_0_relook, 'reuse_mark': l_0_reuse_mark}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    def t_11(fiter):
        for (l_1_title, l_1_key, l_1_items, l_1_filter) in fiter:
            if l_1_items:
                yield (l_1_title, l_1_key, l_1_items, l_1_filter)
    for (l_1_title, l_1_key, l_1_items, l_1_filter) in t_11((('Placeholder repositories', 'placeholder', (undefined(name='placeholders') if l_0_placeholders is missing else l_0_placeholders), '#tier=placeholder'), ('Missing licences', 'licence', (undefined(name='unlicensed') if l_0_unlicensed is missing else l_0_unlicensed), ''))):
        l_1_criterion = missing
        _loop_vars = {}
        pass
        l_1_criterion = environment.getitem((undefined(name='problem_criteria') if l_0_problem_criteria is missing else l_0_problem_criteria), l_1_key)
        _loop_vars['criterion'] = l_1_criterion
        yield '<details class="problems-box" id="'
        yield escape(environment.finalize(l_1_key))
        yield '-list" open>\n<summary>'
        yield escape(environment.finalize(l_1_title))
        yield ' ('
        yield escape(environment.finalize(t_3(l_1_items)))
        yield ')</summary>\n<p class="fix"><b>To fix:</b> '
        yield escape(environment.finalize(environment.getattr((undefined(name='criterion') if l_1_criterion is missing else l_1_criterion), 'fix')))
        yield '.'
        if l_1_filter:
            pass
            yield ' <a class="js-only" href="'
            yield escape(environment.finalize(l_1_filter))
            yield '">Show them in the table</a>'
        yield '</p>\n<ul>\n'
        for l_2_v in l_1_items[:200]:
            l_2_score = missing
            _loop_vars = {}
            pass
            l_2_score = environment.getattr(environment.getattr(l_2_v, 'entry'), 'score')
            _loop_vars['score'] = l_2_score
            yield '  <li>'
            if (environment.getattr(l_2_v, 'new') and (undefined(name='since') if l_0_since is missing else l_0_since)):
                pass
                yield escape(environment.finalize(context.call((undefined(name='new_mark') if l_0_new_mark is missing else l_0_new_mark), _loop_vars=_loop_vars)))
                yield ' '
            yield '<strong>'
            yield escape(environment.finalize(t_1(environment.getattr(environment.getattr(environment.getattr(l_2_v, 'entry'), 'paper'), 'name'), 120)))
            yield '</strong> — '
            yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr((undefined(name='score') if l_2_score is missing else l_2_score), 'scored_on'), t_1(environment.getattr((undefined(name='score') if l_2_score is missing else l_2_score), 'scored_on')), _loop_vars=_loop_vars)))
            def t_12(fiter):
                for l_3_c in fiter:
                    if (environment.getattr(l_3_c, 'id') == environment.getattr((undefined(name='criterion') if l_1_criterion is missing else l_1_criterion), 'id')):
                        yield l_3_c
            for l_3_c in t_12(environment.getattr((undefined(name='score') if l_2_score is missing else l_2_score), 'criteria')):
                _loop_vars = {}
                pass
                yield ' — '
                yield escape(environment.finalize(t_1(environment.getattr(l_3_c, 'reason'))))
            l_3_c = missing
            yield '</li>\n'
        l_2_v = l_2_score = missing
        if (t_3(l_1_items) > 200):
            pass
            yield '  <li>… and '
            yield escape(environment.finalize((t_3(l_1_items) - 200)))
            yield ' more.</li>\n'
        yield '</ul>\n</details>\n'
    l_1_title = l_1_key = l_1_items = l_1_filter = l_1_criterion = missing
    if (undefined(name='fixes') if l_0_fixes is missing else l_0_fixes):
        pass
        yield '<details class="problems-box" id="fixes" open>\n<summary>How to fix: failed criteria ('
        yield escape(environment.finalize(t_3((undefined(name='fixes') if l_0_fixes is missing else l_0_fixes))))
        yield ')</summary>\n<table class="fixes">\n<thead><tr><th scope="col">Criterion</th><th scope="col">Papers failing</th><th scope="col">Fix</th></tr></thead>\n<tbody>\n'
        for l_1_failing in (undefined(name='fixes') if l_0_fixes is missing else l_0_fixes):
            _loop_vars = {}
            pass
            yield '<tr><th scope="row">'
            yield escape(environment.finalize(environment.getattr(environment.getattr(l_1_failing, 'spec'), 'id')))
            yield ' '
            yield escape(environment.finalize(environment.getattr(environment.getattr(l_1_failing, 'spec'), 'title')))
            yield '</th><td class="num">'
            yield escape(environment.finalize(environment.getattr(l_1_failing, 'count')))
            yield '</td><td>'
            yield escape(environment.finalize(environment.getattr(environment.getattr(l_1_failing, 'spec'), 'fix')))
            yield '</td></tr>\n'
        l_1_failing = missing
        yield '</tbody>\n</table>\n</details>\n'
    yield '</section>\n'
    template = environment.get_template('tracker.html.j2', 'report.html.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'new_mark': l_0_new_mark, 'relook': l_0_relook, 'reuse_mark': l_0_reuse_mark}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '<h2>Overview</h2>\n<div class="charts">\n'
    l_1_loop = missing
    for l_1_chart, l_1_loop in LoopContext((undefined(name='charts') if l_0_charts is missing else l_0_charts), undefined):
        l_1_cid = missing
        _loop_vars = {}
        pass
        l_1_cid = markup_join(('chart-', environment.getattr(l_1_loop, 'index'), ))
        _loop_vars['cid'] = l_1_cid
        yield '<figure class="chart">\n  <figcaption id="'
        yield escape(environment.finalize((undefined(name='cid') if l_1_cid is missing else l_1_cid)))
        yield '">'
        yield escape(environment.finalize(environment.getattr(l_1_chart, 'title')))
        yield '</figcaption>\n  <svg viewBox="0 0 320 '
        yield escape(environment.finalize(((18 * t_3(environment.getattr(l_1_chart, 'bars'))) + 4)))
        yield '" role="img" aria-labelledby="'
        yield escape(environment.finalize((undefined(name='cid') if l_1_cid is missing else l_1_cid)))
        yield ' '
        yield escape(environment.finalize((undefined(name='cid') if l_1_cid is missing else l_1_cid)))
        yield '-desc">\n    <desc id="'
        yield escape(environment.finalize((undefined(name='cid') if l_1_cid is missing else l_1_cid)))
        yield '-desc">'
        l_2_loop = missing
        for l_2_bar, l_2_loop in LoopContext(environment.getattr(l_1_chart, 'bars'), undefined):
            _loop_vars = {}
            pass
            yield escape(environment.finalize(environment.getattr(l_2_bar, 'label')))
            yield ': '
            yield escape(environment.finalize(environment.getattr(l_2_bar, 'count')))
            yield escape(environment.finalize(('; ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 363 in 'report.html.j2' evaluated to false and no else section was defined."))))
        l_2_loop = l_2_bar = missing
        yield '</desc>\n'
        l_2_loop = missing
        for l_2_bar, l_2_loop in LoopContext(environment.getattr(l_1_chart, 'bars'), undefined):
            l_2_y = missing
            _loop_vars = {}
            pass
            l_2_y = (18 * environment.getattr(l_2_loop, 'index0'))
            _loop_vars['y'] = l_2_y
            yield '    <text x="0" y="'
            yield escape(environment.finalize(((undefined(name='y') if l_2_y is missing else l_2_y) + 14)))
            yield '">'
            yield escape(environment.finalize(environment.getattr(l_2_bar, 'label')))
            yield '</text>\n    <rect class="b-'
            yield escape(environment.finalize(environment.getattr(l_2_bar, 'key')))
            yield '" x="132" y="'
            yield escape(environment.finalize(((undefined(name='y') if l_2_y is missing else l_2_y) + 4)))
            yield '" width="'
            yield escape(environment.finalize(environment.getattr(l_2_bar, 'width')))
            yield '" height="12" rx="2"></rect>\n    <text x="'
            yield escape(environment.finalize((136 + environment.getattr(l_2_bar, 'width'))))
            yield '" y="'
            yield escape(environment.finalize(((undefined(name='y') if l_2_y is missing else l_2_y) + 14)))
            yield '">'
            yield escape(environment.finalize(environment.getattr(l_2_bar, 'count')))
            yield '</text>\n'
        l_2_loop = l_2_bar = l_2_y = missing
        yield '  </svg>\n</figure>\n'
    l_1_loop = l_1_chart = l_1_cid = missing
    yield '</div>\n'
    if environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'inputs'):
        pass
        yield '<h2>Inputs</h2>\n<ul>\n'
        for l_1_input in environment.getattr((undefined(name='doc') if l_0_doc is missing else l_0_doc), 'inputs'):
            _loop_vars = {}
            pass
            yield '  <li>'
            yield escape(environment.finalize(environment.getattr(l_1_input, 'path')))
            yield ' ('
            yield escape(environment.finalize((environment.getattr(l_1_input, 'format') or 'unknown format')))
            yield ', '
            yield escape(environment.finalize(environment.getattr(l_1_input, 'papers')))
            yield ' papers)'
            if environment.getattr(l_1_input, 'error'):
                pass
                yield ' — <strong>error:</strong> '
                yield escape(environment.finalize(environment.getattr(l_1_input, 'error')))
            yield '</li>\n'
        l_1_input = missing
        yield '</ul>\n'
    yield '</header>\n<main>\n<h2 id="papers-heading">Papers</h2>\n<div class="controls" role="search" aria-label="Filter papers">\n  <label>Tier\n    <select id="f-tier" autocomplete="off"><option value="">All tiers</option>'
    for (l_1_value, l_1_label) in (undefined(name='tiers') if l_0_tiers is missing else l_0_tiers):
        _loop_vars = {}
        pass
        yield '<option value="'
        yield escape(environment.finalize(l_1_value))
        yield '">'
        yield escape(environment.finalize(l_1_label))
        yield '</option>'
    l_1_value = l_1_label = missing
    yield '</select>\n  </label>\n  <label>Link outcome\n    <select id="f-outcome" autocomplete="off"><option value="">All outcomes</option>'
    for (l_1_value, l_1_label) in (undefined(name='outcomes') if l_0_outcomes is missing else l_0_outcomes):
        _loop_vars = {}
        pass
        yield '<option value="'
        yield escape(environment.finalize(l_1_value))
        yield '">'
        yield escape(environment.finalize(l_1_label))
        yield '</option>'
    l_1_value = l_1_label = missing
    yield '</select>\n  </label>\n  <label>Source file\n    <select id="f-source" autocomplete="off"><option value="">All files</option>'
    for l_1_path in (undefined(name='sources') if l_0_sources is missing else l_0_sources):
        _loop_vars = {}
        pass
        yield '<option value="'
        yield escape(environment.finalize(l_1_path))
        yield '">'
        yield escape(environment.finalize(t_1(l_1_path, 80)))
        yield '</option>'
    l_1_path = missing
    yield '</select>\n  </label>\n  <label>Search\n    <input id="f-text" type="search" placeholder="name, title, URL, problem…" autocomplete="off">\n  </label>\n  <p id="count" class="muted" aria-live="polite">'
    yield escape(environment.finalize(environment.getattr((undefined(name='summary') if l_0_summary is missing else l_0_summary), 'papers')))
    yield ' papers</p>\n</div>\n<p id="order" class="muted">Problems first: '
    yield escape(environment.finalize((undefined(name='order_words') if l_0_order_words is missing else l_0_order_words)))
    yield '.</p>\n<noscript><p>Without JavaScript the table shows every paper, problems first; sorting, filtering and each paper\'s criteria need it (<code>scorecard.json</code> holds every detail).</p></noscript>\n<table class="papers" id="papers" role="table" aria-labelledby="papers-heading">\n<thead role="rowgroup"><tr role="row">\n  <th class="c-details" role="columnheader"><span class="visually-hidden">Details</span></th>\n  <th data-col="name" role="columnheader" aria-sort="none"><button type="button">Paper<span class="ind" aria-hidden="true"></span></button></th>\n  <th data-col="tier" role="columnheader" aria-sort="none"><button type="button">Tier<span class="ind" aria-hidden="true"></span></button></th>\n  <th data-col="score" role="columnheader" aria-sort="none" class="num"><button type="button">Score<span class="ind" aria-hidden="true"></span></button></th>\n  <th data-col="code" role="columnheader" aria-sort="none"><button type="button">Code<span class="ind" aria-hidden="true"></span></button></th>\n  <th data-col="licence" role="columnheader" aria-sort="none"><button type="button">Licence<span class="ind" aria-hidden="true"></span></button></th>\n  <th data-col="commit" role="columnheader" aria-sort="none"><button type="button">Last commit<span class="ind" aria-hidden="true"></span></button></th>\n  <th data-col="problems" role="columnheader" aria-sort="none"><button type="button">Problems<span class="ind" aria-hidden="true"></span></button></th>\n</tr></thead>'
    l_1_loop = missing
    for l_1_r, l_1_loop in LoopContext((undefined(name='rows') if l_0_rows is missing else l_0_rows), undefined):
        l_1_i = missing
        _loop_vars = {}
        pass
        l_1_i = environment.getattr(l_1_loop, 'index0')
        _loop_vars['i'] = l_1_i
        yield '<tbody role="rowgroup" data-i="'
        yield escape(environment.finalize((undefined(name='i') if l_1_i is missing else l_1_i)))
        yield '"><tr role="row"><td role="cell"><button type="button" class="expand" aria-expanded="false" aria-controls="d'
        yield escape(environment.finalize((undefined(name='i') if l_1_i is missing else l_1_i)))
        yield '" aria-label="Details for '
        yield escape(environment.finalize(environment.getattr(l_1_r, 'name')))
        yield '">▸</button></td><th role="rowheader" scope="row"><span class="name">'
        yield escape(environment.finalize(environment.getattr(l_1_r, 'name')))
        yield '</span>'
        if environment.getattr(l_1_r, 'sub'):
            pass
            yield '<span class="sub">'
            yield escape(environment.finalize(environment.getattr(l_1_r, 'sub')))
            yield '</span>'
        yield '<span class="src">'
        yield escape(environment.finalize(environment.getattr(l_1_r, 'source')))
        yield '</span></th><td role="cell"><span class="tier t-'
        yield escape(environment.finalize(environment.getattr(l_1_r, 'tier')))
        yield '">'
        yield escape(environment.finalize(environment.getattr(l_1_r, 'badge')))
        yield '</span>'
        yield escape(environment.finalize(context.call((undefined(name='reuse_mark') if l_0_reuse_mark is missing else l_0_reuse_mark), l_1_r, _loop_vars=_loop_vars)))
        if environment.getattr(l_1_r, 'archived'):
            pass
            yield ' <span class="archived" title="the repository is archived (read-only)">archived</span>'
        if (environment.getattr(l_1_r, 'new') and (undefined(name='since') if l_0_since is missing else l_0_since)):
            pass
            yield ' '
            yield escape(environment.finalize(context.call((undefined(name='new_mark') if l_0_new_mark is missing else l_0_new_mark), _loop_vars=_loop_vars)))
        if environment.getattr(l_1_r, 'review'):
            pass
            yield '<span class="review'
            yield escape(environment.finalize((' differs' if environment.getattr(l_1_r, 'review_differs') else cond_expr_undefined("the inline if-expression on line 420 in 'report.html.j2' evaluated to false and no else section was defined."))))
            yield '">'
            yield escape(environment.finalize(environment.getattr(l_1_r, 'review')))
            yield '</span>'
        yield '</td><td role="cell" class="num">'
        if (environment.getattr(l_1_r, 'score') == '–'):
            pass
            yield '<span aria-label="no score">–</span>'
        else:
            pass
            yield escape(environment.finalize(environment.getattr(l_1_r, 'score')))
        yield '</td><td role="cell">'
        if environment.getattr(l_1_r, 'links'):
            pass
            yield '<ul class="links">'
            for l_2_c in environment.getattr(l_1_r, 'links'):
                _loop_vars = {}
                pass
                yield '<li><span class="o o-'
                yield escape(environment.finalize(environment.getattr(l_2_c, 'outcome')))
                yield '">'
                yield escape(environment.finalize(environment.getattr(l_2_c, 'badge')))
                yield '</span> '
                if environment.getattr(l_2_c, 'href'):
                    pass
                    yield '<a href="'
                    yield escape(environment.finalize(environment.getattr(l_2_c, 'href')))
                    yield '" rel="noopener noreferrer nofollow">'
                    yield escape(environment.finalize(environment.getattr(l_2_c, 'label')))
                    yield '</a>'
                else:
                    pass
                    yield '<span class="nolink">'
                    yield escape(environment.finalize(environment.getattr(l_2_c, 'label')))
                    yield '</span>'
                if environment.getattr(l_2_c, 'copy'):
                    pass
                    yield ' <span class="muted">archived copy: '
                    yield escape(environment.finalize(context.call((undefined(name='a') if l_0_a is missing else l_0_a), environment.getattr(environment.getattr(l_2_c, 'copy'), 'url'), t_7(environment.getattr(environment.getattr(l_2_c, 'copy'), 'url')), _loop_vars=_loop_vars)))
                    if environment.getattr(environment.getattr(l_2_c, 'copy'), 'saved'):
                        pass
                        yield ' (saved '
                        yield escape(environment.finalize(environment.getattr(environment.getattr(l_2_c, 'copy'), 'saved')))
                        yield ')'
                    yield '</span>'
                if environment.getattr(l_2_c, 'review'):
                    pass
                    yield '<span class="review'
                    yield escape(environment.finalize((' differs' if environment.getattr(l_2_c, 'review_differs') else cond_expr_undefined("the inline if-expression on line 422 in 'report.html.j2' evaluated to false and no else section was defined."))))
                    yield '">'
                    yield escape(environment.finalize(environment.getattr(l_2_c, 'review')))
                    yield '</span>'
                yield '</li>'
            l_2_c = missing
            yield '</ul>'
        else:
            pass
            yield '<span class="muted">none found</span>'
        yield '</td><td role="cell">'
        if environment.getattr(l_1_r, 'licence'):
            pass
            yield escape(environment.finalize(environment.getattr(l_1_r, 'licence')))
        else:
            pass
            yield '<span class="muted">–</span>'
        yield '</td><td role="cell">'
        if environment.getattr(l_1_r, 'last_commit'):
            pass
            yield escape(environment.finalize(environment.getattr(l_1_r, 'last_commit')))
        else:
            pass
            yield '<span class="muted">–</span>'
        yield '</td><td role="cell">'
        if environment.getattr(l_1_r, 'problems'):
            pass
            yield '<ul class="problems">'
            for l_2_problem in environment.getattr(l_1_r, 'problems'):
                _loop_vars = {}
                pass
                yield '<li>'
                yield escape(environment.finalize(l_2_problem))
                yield '</li>'
            l_2_problem = missing
            if environment.getattr(l_1_r, 'more'):
                pass
                yield '<li class="muted">+'
                yield escape(environment.finalize(environment.getattr(l_1_r, 'more')))
                yield ' more</li>'
            yield '</ul>'
        else:
            pass
            yield '<span class="muted">none</span>'
        yield '</td></tr></tbody>\n'
    l_1_loop = l_1_r = l_1_i = missing
    yield '</table>\n<p id="empty" class="empty" hidden>No paper matches these filters.</p>\n</main>\n<footer><p class="meta">Tiers, from best: ★★★ gold, ★★ silver, ★ bronze, ● listed (code reachable), ◌ placeholder, ✗ dead; ∅ no code link cited (the tier <code>no-code</code> in scorecard.json: the paper cites no code, or only a reading list); ? unknown (a gate could not be decided). Gold means everything needed to try the code is there, not that its results were reproduced. Unknown and n/a criteria never count against a paper. Only the outcome “dead” counts against a link. Filters and sort are kept in the address (after #), so a filtered view can be shared.</p></footer>\n<script type="application/json" id="scorecard-data">'
    yield escape(environment.finalize((undefined(name='data') if l_0_data is missing else l_0_data)))
    yield '</script>\n<script>\n(function () {\n  "use strict";\n  var table = document.getElementById("papers");\n  // The rows are in the HTML, in the data\'s order: row k is papers[k].\n  var bodies = Array.prototype.slice.call(table.tBodies), n = bodies.length;\n  // The data\'s shape: auditor/render/page.py (named fields; a Text is an index into strings).\n  var D = null, papers = null, S = null;\n  // Parsed on first use (a view in the address, an action), or when the browser is idle.\n  function data() {\n    if (!D) {\n      D = JSON.parse(document.getElementById("scorecard-data").textContent);\n      papers = D.papers; S = D.strings;\n    }\n    return D;\n  }\n  // The DOM is built from nodes: text only ever as text nodes, attributes set one by one.\n  function el(tag, attrs, children) {\n    var node = document.createElement(tag);\n    if (attrs) Object.keys(attrs).forEach(function (name) { node.setAttribute(name, attrs[name]); });\n    (children || []).forEach(function (child) {\n      if (child !== null && child !== undefined && child !== "") node.append(child);\n    });\n    return node;\n  }\n  // Only http(s) URLs become links, whatever the data says (the renderer checks this too).\n  function safeHref(u) {\n    if (typeof u !== "string" || !/^https?:\\/\\/[^\\/?#\\s\\\\]/i.test(u) || /[\\s\\u0000-\\u001f\\u007f]/.test(u)) return null;\n    try { var p = new URL(u); return p.protocol === "http:" || p.protocol === "https:" ? u : null; } catch (e) { return null; }\n  }\n  function link(u, label) {\n    var h = safeHref(u);\n    return h ? el("a", { href: h, rel: "noopener noreferrer nofollow" }, [String(label)]) : el("span", { "class": "nolink" }, [String(label)]);\n  }\n  function short(u) { return String(u).replace(/^https?:\\/\\//i, ""); }\n  function cls(s) { return String(s).replace(/[^a-z-]/g, ""); }\n  function outcomeBadge(o) { return el("span", { "class": "o o-" + cls(o) }, [(D.outcome_symbols[o] || "?") + " " + o]); }\n  var RESULT = { "pass": "✓ pass", "fail": "✗ fail", "unknown": "? unknown", "n/a": "– n/a", "partial": "◐ partial" };\n\n  function criterionRow(p, c) {\n    var evidence = c.evidence.map(function (e) {\n      e = Array.isArray(e) ? p.scored_on + S[e[0]] : S[e];  // [rest]: in the scored repository\n      return el("li", null, [safeHref(e) ? link(e, e) : e]);\n    });\n    // A failed criterion says how to pass, unless it only echoes a failed gate.\n    var fix = c.result === "fail" && S[c.reason] !== D.echo && p.tier !== "no-code" ? D.fixes[c.id] : "";\n    return el("tr", null, [\n      el("th", { scope: "row", "class": "c-crit" }, [el("span", { "class": "cid" }, [c.id]), " " + (D.titles[c.id] || "")]),\n      el("td", { "class": "c-res" }, [el("span", { "class": "r r-" + cls(c.result) }, [RESULT[c.result] || c.result])]),\n      el("td", { "class": "c-reason" }, [S[c.reason], fix ? el("span", { "class": "fix" }, [el("b", null, ["To fix:"]), " " + fix]) : null]),\n      el("td", { "class": "c-ev" }, [evidence.length ? el("ul", { "class": "ev" }, evidence) : null])\n    ]);\n  }\n  function linkItem(l) {\n    var copy = l.archived_copy;\n    return el("li", null, [\n      outcomeBadge(l.outcome), " ", link(l.url, l.url),\n      l.final_url ? " → " : null, l.final_url ? link(l.final_url, l.final_url) : null,\n      " ", el("span", { "class": "muted" }, ["(" + l.kind + ") " + S[l.detail]]),\n      // "archived copy: <link> (saved YYYY-MM-DD)" beside a verdict, when an archive kept one.\n      copy ? " " : null,\n      copy ? el("span", { "class": "muted" }, ["archived copy: ", link(copy.url, short(copy.url)), copy.saved ? " (saved " + copy.saved + ")" : null]) : null\n    ]);\n  }\n  function detailRow(p, i) {\n    // Criteria that only echo a failed gate ("no code to assess") are one line, not a row each.\n    var echoes = 0;\n    var criteria = p.criteria.filter(function (k) {\n      var c = D.criteria[k], echo = c.result === "fail" && S[c.reason] === D.echo;\n      echoes += echo ? 1 : 0;\n      return !echo;\n    }).map(function (k) { return criterionRow(p, D.criteria[k]); });\n    var head = el("tr", null, [["c-crit", "Criterion"], ["c-res", "Result"], ["c-reason", "Reason"], ["c-ev", "Evidence"]].map(function (h) {\n      return el("th", { scope: "col", "class": h[0] }, [h[1]]);\n    }));\n    var cell = el("td", { role: "cell", colspan: "8" }, [\n      el("p", { "class": "muted" }, [p.id]),\n      criteria.length ? el("table", { "class": "crit" }, [\n        el("caption", { "class": "visually-hidden" }, ["Criteria for " + p.name]),\n        el("thead", null, [head]), el("tbody", null, criteria)\n      ]) : (echoes ? null : el("p", { "class": "muted" }, ["Not scored."])),\n      echoes ? el("p", { "class": "echo" }, [D.echo + " (" + echoes + " criteria)"]) : null\n    ]);\n    if (p.links.length) cell.append(el("h3", null, ["Links"]), el("ul", { "class": "ev" }, p.links.map(linkItem)));\n    if (p.found_code.length) {\n      cell.append(el("h3", null, ["Code found, not cited"]), el("ul", { "class": "ev" }, p.found_code.map(function (u) { return el("li", null, [link(u, u)]); })));\n    }\n    return el("tr", { role: "row", "class": "detail", id: "d" + i }, [cell]);\n  }\n\n  table.addEventListener("click", function (ev) {\n    var button = ev.target.closest("button.expand");\n    if (!button) return;\n    data();\n    var body = button.closest("tbody"), i = +body.getAttribute("data-i");\n    var open = button.getAttribute("aria-expanded") !== "true";\n    var detail = document.getElementById("d" + i);\n    if (!detail && open) { detail = detailRow(papers[i], i); body.appendChild(detail); }\n    if (detail) detail.hidden = !open;\n    button.setAttribute("aria-expanded", open ? "true" : "false");\n  });\n\n  // Sorting: keys computed once per column; rows are moved, never rebuilt or measured. No\n  // column: the order of the HTML, problems first.\n  var tierRank = null;\n  var KEY = {\n    name: function (p) { return p.name.toLowerCase(); },\n    tier: function (p) { return p.tier in tierRank ? tierRank[p.tier] : 99; },\n    score: function (p) { return p.score; },\n    code: function (p) { return p.outcome; },\n    licence: function (p) { return p.licence ? p.licence.toLowerCase() : null; },\n    commit: function (p) { return p.last_commit || null; },\n    problems: function (p) { return p.problems.length; }\n  };\n  var keys = {}, sortCol = "", sortDir = 1;\n  var heads = Array.prototype.slice.call(table.tHead.querySelectorAll("th[data-col]"));\n  var orderNote = document.getElementById("order"), problemsFirst = orderNote.textContent;\n  function sortBy(col, dir) {\n    if (!KEY.hasOwnProperty(col)) col = "";\n    if (!col) dir = 1;\n    if (col === sortCol && dir === sortDir) return;\n    var order = [], k;\n    for (k = 0; k < n; k++) order.push(k);\n    if (col) {\n      data();\n      if (!tierRank) { tierRank = {}; D.tier_order.forEach(function (t, j) { tierRank[t] = j; }); }\n      var key = keys[col] || (keys[col] = papers.map(KEY[col]));\n      order.sort(function (a, b) {\n        var x = key[a], y = key[b];\n        if (x === null || y === null) return x === y ? a - b : (x === null ? 1 : -1);\n        return x < y ? -dir : x > y ? dir : a - b;\n      });\n    }\n    var frag = document.createDocumentFragment();\n    for (k = 0; k < n; k++) frag.appendChild(bodies[order[k]]);\n    table.appendChild(frag);\n    sortCol = col; sortDir = dir;\n    var label = "";\n    heads.forEach(function (th) {\n      var on = th.getAttribute("data-col") === col;\n      th.setAttribute("aria-sort", on ? (dir > 0 ? "ascending" : "descending") : "none");\n      if (on) label = th.textContent.trim();\n    });\n    orderNote.textContent = col ? "Sorted by " + label + (dir > 0 ? ", ascending" : ", descending") + "; a third click on the column restores problems first." : problemsFirst;\n  }\n  heads.forEach(function (th) {\n    th.querySelector("button").addEventListener("click", function () {\n      // Scores read best first on the first click; a third click restores problems first.\n      var col = th.getAttribute("data-col"), first = col === "score" ? -1 : 1;\n      if (sortCol !== col) sortBy(col, first);\n      else if (sortDir === first) sortBy(col, -first);\n      else sortBy("", 1);\n      save();\n    });\n  });\n\n  // Filtering: hide or show whole rows; the visible count comes from the data, not the DOM.\n  var fTier = document.getElementById("f-tier"), fOutcome = document.getElementById("f-outcome");\n  var fSource = document.getElementById("f-source"), fText = document.getElementById("f-text");\n  var count = document.getElementById("count"), empty = document.getElementById("empty");\n  var hay = null, filtered = false;\n  function haystack(p) {\n    return [p.id, p.name, p.title, p.path, p.licence].concat(p.problems.map(function (t) { return S[t]; }), p.links.map(function (l) { return l.url; })).join("\\n").toLowerCase();\n  }\n  function applyFilter() {\n    var t = fTier.value, o = fOutcome.value, s = fSource.value, q = fText.value.trim().toLowerCase();\n    if (!t && !o && !s && !q && !filtered) return;\n    data();\n    if (q && !hay) hay = papers.map(haystack);\n    var shown = 0;\n    for (var k = 0; k < n; k++) {\n      var p = papers[k];\n      var ok = (!t || p.tier === t) && (!s || p.path === s) && (!q || hay[k].indexOf(q) !== -1) &&\n        (!o || p.links.some(function (l) { return l.outcome === o; }));\n      if (bodies[k].hidden === ok) bodies[k].hidden = !ok;\n      if (ok) shown++;\n    }\n    filtered = shown !== n;\n    count.textContent = shown === n ? n + " papers" : "Showing " + shown + " of " + n + " papers";\n    empty.hidden = shown !== 0;\n  }\n\n  // The address keeps filters and sort (#tier=dead&outcome=dead&source=…&q=…&sort=-score):\n  // a view can be shared, and is restored on load and when the fragment changes.\n  function readHash() {\n    var p = new URLSearchParams(location.hash.replace(/^#/, "")), sort = p.get("sort") || "", dir = 1;\n    if (sort.charAt(0) === "-") { dir = -1; sort = sort.slice(1); }\n    return { tier: p.get("tier") || "", outcome: p.get("outcome") || "", source: p.get("source") || "", q: p.get("q") || "", sort: sort, dir: dir };\n  }\n  function save() {\n    var p = new URLSearchParams();\n    if (fTier.value) p.set("tier", fTier.value);\n    if (fOutcome.value) p.set("outcome", fOutcome.value);\n    if (fSource.value) p.set("source", fSource.value);\n    if (fText.value.trim()) p.set("q", fText.value.trim());\n    if (sortCol) p.set("sort", (sortDir < 0 ? "-" : "") + sortCol);\n    var h = p.toString(), url = location.href.split("#")[0] + (h ? "#" + h : "");\n    if (url === location.href) return;\n    try { history.replaceState(history.state, "", url); } catch (e) { location.replace(url); }\n  }\n  function apply(state) {\n    fTier.value = state.tier; fOutcome.value = state.outcome; fSource.value = state.source; fText.value = state.q;\n    sortBy(state.sort, state.dir);\n    applyFilter();\n  }\n  [fTier, fOutcome, fSource].forEach(function (el) { el.addEventListener("change", function () { applyFilter(); save(); }); });\n  fText.addEventListener("input", function () { applyFilter(); save(); });\n  window.addEventListener("hashchange", function () {\n    apply(readHash());\n    document.getElementById("papers-heading").scrollIntoView();\n  });\n  // The address\'s view is applied at once (parsing the data only when it filters or sorts);\n  // otherwise the rows are already in order. The data is parsed when the browser is idle, or\n  // by the first action that needs it.\n  apply(readHash());\n  document.documentElement.setAttribute("data-ready", "1");\n  (window.requestIdleCallback || function (f) { setTimeout(f, 100); })(data, { timeout: 2000 });\n})();\n</script>\n</body>\n</html>\n'

blocks = {}
debug_info = '8=87&9=115&10=121&18=135&206=137&207=143&208=145&210=149&211=152&213=154&214=157&216=159&217=166&219=172&220=174&221=178&222=180&223=182&224=184&225=186&227=188&228=191&230=193&231=196&233=198&234=202&238=206&239=209&241=213&243=216&246=219&248=222&249=224&251=227&252=231&253=234&254=240&255=262&257=277&258=280&263=283&265=286&268=289&269=293&270=296&271=302&273=320&274=323&279=326&281=329&284=331&285=335&287=344&288=347&293=350&294=352&296=356&299=363&300=367&302=382&303=385&308=388&309=394&311=397&314=399&315=403&317=410&318=413&323=416&324=422&325=428&326=436&327=439&328=441&329=445&331=453&332=457&333=460&335=480&336=483&341=487&343=490&347=492&348=496&355=507&358=515&359=519&361=522&362=526&363=532&364=545&365=549&366=552&367=556&368=562&374=572&377=575&378=579&387=593&390=603&393=613&398=623&400=625&415=628&416=632&417=635&418=637&419=641&420=651&421=671&422=678&423=725&424=732&425=739&432=761'

# Generated from templates/report.html.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "f59b0db63aa8882d0500005fba482021aa457a313a55030d881b3f80ead200c3"
