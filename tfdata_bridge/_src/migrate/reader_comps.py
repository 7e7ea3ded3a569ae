"""Readers made and read inline in a comprehension of a join's list: written as the readers' loop.

    films = [parse_film(tf.TFRecordReader().read(queue).value) for _ in range(2)]     # or ``.read(queue)[1]``
    batch = tf.train.batch_join(films, ...)

becomes, before recognition,

    films = []
    for _ in range(2):
        reader = tf.TFRecordReader()
        _, value = reader.read(queue)
        films.append(parse_film(value))

which is the same graph: the comprehension makes ``k`` readers, each read once by its own call, in the same order,
as the loop does. That is the loop form ``join.py`` rewrites (round 20's ``movies_bytes_list_tags_batch_join_dicts``).
Only where the comprehension is the whole value of one assignment to a name, has one ``for`` over ``range(...)``
and no ``if``, and reads one inline reader's value once; the loop variable, ``reader`` and ``value`` are names the
function does not use otherwise (fresh ones are taken). ``to_tfdata.run`` keeps the result only where more
pipelines are rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, nodes_of
from tfdata_bridge._src.migrate.pipelines import READERS
from tfdata_bridge._src.migrate.returned_lists import Replace


def loop_inline_reader_comps(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each such comprehension written as a loop (the same module object where there is none)."""
    if ".read(" not in code_of(module):
        return module
    changes: dict[int, object] = {}
    for fn in nodes_of(module, cst.FunctionDef):
        if not isinstance(fn.body, cst.IndentedBlock):
            continue
        attrs = {id(a.attr) for a in nodes_of(fn, cst.Attribute)}
        used = {n.value for n in nodes_of(fn, cst.Name) if id(n) not in attrs}
        inner = {id(n) for c in nodes_of(fn, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp))
                 for n in nodes_of(c, cst.Name)}
        outside = {n.value for n in nodes_of(fn, cst.Name) if id(n) not in inner}  # (a comprehension's own names)
        for block in nodes_of(fn.body, cst.IndentedBlock):  # (the body itself included)
            for stmt in block.body:
                loop = _as_loop(module, stmt, used, outside)
                if loop is not None:
                    changes[id(stmt)] = cst.FlattenSentinel(loop)
    if not changes:
        return module
    return module.visit(Replace(changes, module))


def _fresh(name: str, used: set[str]) -> str:
    while name in used:
        name += "_"
    used.add(name)
    return name


def _as_loop(module: cst.Module, stmt: cst.BaseStatement, used: set[str], outside: set[str]) -> list[cst.BaseStatement] | None:
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
            and isinstance(small.value, cst.ListComp)):
        return None
    comp = small.value
    loop = comp.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None or \
            not isinstance(loop.target, cst.Name) or not (isinstance(loop.iter, cst.Call) and
                                                          isinstance(loop.iter.func, cst.Name)
                                                          and loop.iter.func.value == "range"):
        return None
    reads = [c for c in nodes_of(comp.elt, cst.Call) if isinstance(c.func, cst.Attribute)
             and c.func.attr.value == "read" and isinstance(c.func.value, cst.Call) and _reader(c.func.value)]
    if len(reads) != 1 or len(reads[0].args) != 1 or reads[0].args[0].keyword is not None or reads[0].args[0].star:
        return None
    read = reads[0]
    holders = [n for n in nodes_of(comp.elt, cst.Attribute) if n.value is read and n.attr.value == "value"] + \
        [n for n in nodes_of(comp.elt, cst.Subscript) if n.value is read and len(n.slice) == 1
         and isinstance(n.slice[0].slice, cst.Index) and isinstance(n.slice[0].slice.value, cst.Integer)
         and n.slice[0].slice.value.value == "1"]
    if len(holders) != 1:
        return None
    target = loop.target.value
    if target != "_" and target in outside:
        return None  # the loop variable would leak into a name the function uses
    reader, value = _fresh("reader", used), _fresh("value", used)
    code = module.code_for_node
    elt = code(comp.elt.visit(Replace({id(holders[0]): cst.Name(value)}, comp.elt)))
    name = small.targets[0].target.value
    text = (f"{name} = []\nfor {target} in {code(loop.iter)}:\n    {reader} = {code(read.func.value)}\n"
            f"    _, {value} = {reader}.read({code(read.args[0].value)})\n    {name}.append({elt})\n")
    parsed = cst.parse_module(text).body
    return [parsed[0].with_changes(leading_lines=stmt.leading_lines), parsed[1]]


def _reader(call: cst.Call) -> bool:
    func = call.func
    last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    return last in READERS and not any(a.star for a in call.args)


__all__ = ["loop_inline_reader_comps"]
