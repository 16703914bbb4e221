from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'tracker.md.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_item = resolve('item')
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
        t_3 = environment.filters['md']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'md' found.")
    try:
        t_4 = environment.filters['md_link']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'md_link' found.")
    try:
        t_5 = environment.tests['false']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No test named 'false' found.")
    pass
    yield '- '
    yield str(environment.finalize(t_4(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'url'))))
    yield ' — cited by '
    l_1_loop = missing
    for l_1_name, l_1_loop in LoopContext(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'papers')[:3], undefined):
        _loop_vars = {}
        pass
        yield '**'
        yield str(environment.finalize(t_3(l_1_name, 120)))
        yield '**'
        yield str(environment.finalize((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 2 in 'tracker.md.j2' evaluated to false and no else section was defined."))))
    l_1_loop = l_1_name = missing
    if (t_2(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'papers')) > 3):
        pass
        yield ' and '
        yield str(environment.finalize((t_2(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'papers')) - 3)))
        yield ' more'
    yield '\n'
    l_1_loop = missing
    for l_1_note, l_1_loop in LoopContext(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'notes'), undefined):
        _loop_vars = {}
        pass
        yield '  - **'
        yield str(environment.finalize(t_3(environment.getattr(l_1_note, 'words'))))
        yield '**: '
        l_2_loop = missing
        for l_2_report, l_2_loop in LoopContext(environment.getattr(l_1_note, 'reports'), undefined):
            _loop_vars = {}
            pass
            yield str(environment.finalize(t_4(environment.getattr(l_2_report, 'url'), str_join(('#', environment.getattr(l_2_report, 'number'), )))))
            yield ' '
            yield str(environment.finalize(t_3(environment.getattr(l_2_report, 'title'), 100)))
            if (not environment.getattr(l_2_report, 'open')):
                pass
                yield ' (closed)'
            elif t_5(environment.getattr(l_2_report, 'answered')):
                pass
                yield ' (unanswered)'
            if environment.getattr(l_2_report, 'labels'):
                pass
                yield ' ['
                yield str(environment.finalize(t_3(t_1(context.eval_ctx, environment.getattr(l_2_report, 'labels'), ', '), 60)))
                yield ']'
            yield str(environment.finalize(('; ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 5 in 'tracker.md.j2' evaluated to false and no else section was defined."))))
        l_2_loop = l_2_report = missing
        if environment.getattr(l_1_note, 'more'):
            pass
            yield '; and '
            yield str(environment.finalize(environment.getattr(l_1_note, 'more')))
            yield ' more'
        yield '\n'
    l_1_loop = l_1_note = missing

blocks = {}
debug_info = '2=43&4=61&5=65'

# Generated from templates/tracker.md.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "0bca559e9ab8844a85465635723295f0e3f99dcd912461a0cec9725b9c4e4b8a"
