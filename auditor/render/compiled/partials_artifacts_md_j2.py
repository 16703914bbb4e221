from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'partials/artifacts.md.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_item = resolve('item')
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_2 = environment.filters['md']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'md' found.")
    try:
        t_3 = environment.filters['md_link']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'md_link' found.")
    pass
    yield '- '
    yield str(environment.finalize(t_2(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'outcome'), 20)))
    yield ' '
    yield str(environment.finalize(t_2(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'artifact'), 10)))
    yield str(environment.finalize((" (another work's)" if environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'theirs') else cond_expr_undefined("the inline if-expression on line 2 in 'partials/artifacts.md.j2' evaluated to false and no else section was defined."))))
    yield ': '
    yield str(environment.finalize(t_3(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'url'))))
    yield ' — '
    yield str(environment.finalize(t_2(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'detail'))))
    yield ' — README of '
    yield str(environment.finalize(t_3(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'via'))))
    yield ', '
    l_1_loop = missing
    for l_1_name, l_1_loop in LoopContext(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'papers')[:3], undefined):
        _loop_vars = {}
        pass
        yield '**'
        yield str(environment.finalize(t_2(l_1_name, 120)))
        yield '**'
        yield str(environment.finalize((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 2 in 'partials/artifacts.md.j2' evaluated to false and no else section was defined."))))
    l_1_loop = l_1_name = missing
    if (t_1(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'papers')) > 3):
        pass
        yield ' and '
        yield str(environment.finalize((t_1(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'papers')) - 3)))
        yield ' more'

blocks = {}
debug_info = '2=31'

# Generated from templates/partials/artifacts.md.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "1fe72699a3609c4bbc25050a844b428f338ae8291619bdd1e0c67756aabb255d"
