from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'partials/overdue.md.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_item = resolve('item')
    try:
        t_1 = environment.filters['md']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'md' found.")
    try:
        t_2 = environment.filters['md_link']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'md_link' found.")
    try:
        t_3 = environment.tests['defined']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No test named 'defined' found.")
    pass
    if (t_3((undefined(name='item') if l_0_item is missing else l_0_item)) and (undefined(name='item') if l_0_item is missing else l_0_item)):
        pass
        yield '- **'
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'paper'), 120)))
        yield '** — '
        yield str(environment.finalize(t_2(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'url'))))
        yield ' — '
        yield str(environment.finalize(t_1(environment.getattr((undefined(name='item') if l_0_item is missing else l_0_item), 'words'))))
        yield '\n'
    else:
        pass
        yield "_Still open more than the rubric's grace period after the paper date. `--fail-on overdue` fails a run on them._\n"

blocks = {}
debug_info = '3=30&4=33'

# Generated from templates/partials/overdue.md.j2 by `python -m auditor.render.compile_templates --write`; do not edit.
SOURCE_SHA256 = "b69786077d125bede8d8a55f75cd403242a45faa60b6da7df050964412cf3008"
