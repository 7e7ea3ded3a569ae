"""Readers made in a list, each read once into a join's list: written as the readers' loop first.

    readers = [tf.WholeFileReader() for _ in range(3)]
    examples = [decode(r.read(filename_queue)[1]) for r in readers]
    # or: examples = []; for r in readers: _, v = r.read(filename_queue); ...; examples.append([...])
    # or: for i, r in enumerate(readers): ... (or zip(readers, range(3)))
    batch = tf.train.batch_join(examples, ...)

become, before recognition,

    examples = []
    for _ in range(3):
        reader = tf.WholeFileReader()
        _, value = reader.read(filename_queue)
        image, label = decode(value)            # (a helper's returned list named element by element)
        examples.append([image, label])
    batch = tf.train.batch_join(examples, ...)

which is the same graph: the same ``k`` readers over one file queue, each read once, each read's ops, in the same
order. That is the loop form ``join.py`` rewrites (``interleave`` over the files, ``k`` at a time). A reader list
written ``[R()] * k`` is one reader (``k`` reads of it take one file between them) and is left as written; so is a
list read anywhere else, a reader read other than once by ``reader.read(queue)``, or a read whose record is used
whole (``parse(r.read(q))``). ``to_tfdata.run`` keeps the rewritten module only where it lets more pipelines be
rewritten.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ParentNodeProvider, ScopeProvider

from tfdata_bridge._src.migrate.calls import names_in, nodes_of, wrapped
from tfdata_bridge._src.migrate.pipelines import READERS
from tfdata_bridge._src.migrate.returned_lists import Replace, callee, module_names, returned_elements


def loop_reader_lists(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each list of readers read into a join's list written as the readers' loop (the same module
    object when there is none)."""
    blocks = [module, *nodes_of(module, cst.IndentedBlock)]
    if not any(_reader_list(s) is not None or _inline_readers(s) is not None for b in blocks for s in b.body):
        return module  # (no list of readers: the scopes are not asked)
    wrapper = wrapped(module)  # (the nodes stay the module's: ``external`` knows them)
    scopes = wrapper.resolve(ScopeProvider)
    parents = wrapper.resolve(ParentNodeProvider)
    changes: dict[int, list[cst.BaseStatement] | None] = {}  # id(statement) -> what replaces it (None: it goes)
    for block in blocks:
        body = list(block.body)
        for i, stmt in enumerate(body):
            made = _reader_list(stmt)
            inline = _inline_readers(stmt) if made is None else None  # ``for r in [R() for _ in range(k)]:``
            if made is None and inline is None:
                continue
            if made is not None:
                name, ctor, index, count = made
                found = _consumer(body, i, name, scopes, parents)
                if found is None:
                    continue
                j, kind, node = found
            else:
                (kind, node), (ctor, index, count), j = inline, _readers_comp(_iterated(inline[1])), i
            home = getattr(scopes.get(stmt), "node", module)
            taken = names_in(home) | module_names(module)
            fresh = _Fresh(taken)
            loop = _as_loop(body[j], kind, node, ctor, index, count, fresh, scopes, parents, module, external)
            if loop is None:
                continue
            if made is not None:
                changes[id(stmt)] = None
            changes[id(body[j])] = loop
    if not changes:
        return module
    return module.visit(Replace({k: cst.RemovalSentinel.REMOVE if v is None else cst.FlattenSentinel(v)
                                 for k, v in changes.items()}, module))


def _reader_list(stmt: cst.BaseStatement) -> tuple[str, cst.Call, str, cst.BaseExpression] | None:
    """(list name, the reader's constructor call, the comprehension's index, k) for ``name = [R(...) for i in
    range(k)]``; None for anything else (``[R()] * k`` is one reader)."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        return None
    made = _readers_comp(small.value)
    return None if made is None else (small.targets[0].target.value, *made)


def _readers_comp(comp: cst.BaseExpression) -> tuple[cst.Call, str, cst.BaseExpression] | None:
    """(the constructor call, the index, k) of ``[R(...) for i in range(k)]``; None for anything else. (Whether
    ``R`` is a reader is asked by the recogniser of the loop this becomes.)"""
    if not (isinstance(comp, cst.ListComp) and isinstance(comp.elt, cst.Call) and comp.for_in.inner_for_in is None
            and not comp.for_in.ifs and isinstance(comp.for_in.target, cst.Name)):
        return None
    it = comp.for_in.iter
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range"
            and len(it.args) == 1 and it.args[0].keyword is None and not it.args[0].star):
        return None
    return comp.elt, comp.for_in.target.value, it.args[0].value


def _iterated(node: cst.CSTNode) -> cst.BaseExpression:
    """What a comprehension or loop iterates, through one ``enumerate(...)`` or ``zip(..., range(m))``."""
    it = node.for_in.iter if isinstance(node, cst.ListComp) else node.iter
    wrapped = _wrapper(it)
    if wrapped is not None:
        return wrapped[0]
    return it


def _wrapper(it: cst.BaseExpression) -> tuple[cst.BaseExpression, int, cst.BaseExpression | None] | None:
    """(the readers, their place in each item, the ``range`` count zipped with them or None) of
    ``enumerate(readers)`` (place 1), ``zip(readers, range(m))`` (0) or ``zip(range(m), readers)`` (1)."""
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name)) or \
            any(a.keyword is not None or a.star for a in it.args):
        return None
    if it.func.value == "enumerate" and len(it.args) == 1:
        return it.args[0].value, 1, None
    if it.func.value == "zip" and len(it.args) == 2:
        ranges = [k for k, a in enumerate(it.args) if isinstance(a.value, cst.Call) and
                  isinstance(a.value.func, cst.Name) and a.value.func.value == "range" and len(a.value.args) == 1
                  and a.value.args[0].keyword is None and not a.value.args[0].star]
        if len(ranges) == 1:
            place = 1 - ranges[0]
            return it.args[place].value, place, it.args[ranges[0]].value.args[0].value
    return None


def _inline_readers(stmt: cst.BaseStatement) -> tuple[str, cst.CSTNode] | None:
    """(``"comp"`` / ``"loop"``, the comprehension or loop) where ``stmt`` iterates readers made inline: ``examples
    = [f(r.read(q)[1]) for r in [R() for _ in range(k)]]``, ``for r in [R() for _ in range(k)]:``."""
    if isinstance(stmt, cst.For):
        return ("loop", stmt) if _readers_comp(_iterated(stmt)) is not None else None
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
            and isinstance(small.value, cst.ListComp) and small.value.for_in.inner_for_in is None \
            and _readers_comp(_iterated(small.value)) is not None:
        return "comp", small.value
    return None


def _consumer(body, i: int, name: str, scopes, parents) -> tuple[int, str, cst.CSTNode] | None:
    """(index in ``body``, ``"comp"`` / ``"loop"``, the comprehension or loop) of the one read of the reader list
    bound at ``body[i]``: an iteration in a list comprehension assigned to a name, or a ``for`` loop of the same
    block (``for r in readers`` / ``for k, r in enumerate(readers)``)."""
    target = body[i].body[0].targets[0].target
    scope = scopes.get(target)
    if scope is None or len(scope.assignments[name]) != 1:
        return None
    refs = [r.node for a in scope.assignments[name] for r in a.references]
    if len(refs) != 1 or not isinstance(refs[0], cst.Name):
        return None
    ref = refs[0]
    parent = parents.get(ref)
    if isinstance(parent, cst.Arg):  # ``enumerate(readers)``, ``zip(readers, range(k))``
        call = parents.get(parent)
        wrapped = _wrapper(call) if isinstance(call, cst.Call) else None
        if wrapped is None or wrapped[0] is not ref:
            return None
        parent, ref = parents.get(call), call
    for j in range(i + 1, len(body)):
        stmt = body[j]
        if isinstance(parent, cst.CompFor) and parent.iter is ref:
            comp = parents.get(parent)
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if isinstance(comp, cst.ListComp) and isinstance(small, cst.Assign) and small.value is comp and \
                    len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                return j, "comp", comp
        if isinstance(parent, cst.For) and parent.iter is ref and stmt is parent:
            return j, "loop", parent
    return None


class _Fresh:
    def __init__(self, taken: set[str]) -> None:
        self.taken = set(taken)

    def __call__(self, base: str) -> str:
        name, k = base, 2
        while name in self.taken:
            name, k = f"{base}_{k}", k + 1
        self.taken.add(name)
        return name


def _targets(node, count: cst.BaseExpression) -> tuple[str | None, str] | None:
    """(the loop's index name or None, the reader's name) of ``for r in ...``, ``for k, r in enumerate(...)``,
    ``for r, k in zip(readers, range(k))`` (its count the readers' own, by its code)."""
    target = node.for_in.target if isinstance(node, cst.ListComp) else node.target
    it = node.for_in.iter if isinstance(node, cst.ListComp) else node.iter
    wrapped = _wrapper(it)
    if wrapped is None:
        return (None, target.value) if isinstance(target, cst.Name) else None
    _, place, zipped = wrapped
    code = cst.Module([]).code_for_node
    if zipped is not None and code(zipped) != code(count):
        return None  # (zipped with another count: as many readers as the shorter, which the loop does not say)
    if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2 and \
            all(isinstance(e.value, cst.Name) for e in target.elements):
        names = [e.value.value for e in target.elements]
        return names[1 - place], names[place]
    return None


def _as_loop(stmt, kind: str, node, ctor: cst.Call, index: str, count: cst.BaseExpression, fresh: _Fresh, scopes,
             parents, module, external) -> list[cst.BaseStatement] | None:
    """The statements of the readers' loop standing for ``stmt`` (the comprehension's assignment or the loop)."""
    if kind == "comp":
        comp: cst.ListComp = node
        got = _targets(comp, count)
        if got is None:
            return None
        position, reader = got
        reads = [c for c in nodes_of(comp.elt, cst.Call) if isinstance(c.func, cst.Attribute)
                 and isinstance(c.func.value, cst.Name) and c.func.value.value == reader]
        uses = [n for n in nodes_of(comp.elt, cst.Name) if n.value == reader]
        if len(reads) != 1 or len(uses) != 1 or reads[0].func.attr.value != "read" or len(reads[0].args) != 1:
            return None
        read = reads[0]
        sub = parents.get(read)
        if not (isinstance(sub, cst.Subscript) and len(sub.slice) == 1 and isinstance(sub.slice[0].slice, cst.Index)
                and isinstance(sub.slice[0].slice.value, cst.Integer)
                and sub.slice[0].slice.value.value in ("0", "1")):
            return None
        part = int(sub.slice[0].slice.value.value)
        name = fresh("reader")
        record = fresh("key" if part == 0 else "value")
        unpacked = [record, "_"] if part == 0 else ["_", record]
        element = comp.elt.visit(Replace({id(sub): cst.Name(record)}, comp.elt))
        list_name = stmt.body[0].targets[0].target.value
        loop_index = position or _own_index(index, comp, fresh)
        body = [_assign_code(name, _renamed(ctor, index, loop_index)),
                cst.parse_statement(f"{', '.join(unpacked)} = {name}.read({module.code_for_node(read.args[0].value)})\n")]
        body += _appended(list_name, element, fresh, scopes, parents, comp.elt, module, external)
        loop = cst.For(target=cst.Name(loop_index), iter=cst.Call(cst.Name("range"), [cst.Arg(count)]),
                       body=cst.IndentedBlock(body))
        made = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(list_name))], cst.List([]))],
                                       leading_lines=stmt.leading_lines)
        return [made, loop]
    loop: cst.For = node
    got = _targets(loop, count)
    if got is None or loop.orelse is not None or not isinstance(loop.body, cst.IndentedBlock):
        return None
    position, reader = got
    loop_index = position or _own_index(index, loop.body, fresh)
    if reader == loop_index:
        return None
    first = _assign_code(reader, _renamed(ctor, index, loop_index))
    return [loop.with_changes(target=cst.Name(loop_index), iter=cst.Call(cst.Name("range"), [cst.Arg(count)]),
                              body=loop.body.with_changes(body=[first, *loop.body.body]))]


def _own_index(index: str, consumer: cst.CSTNode, fresh: _Fresh) -> str:
    """The readers' comprehension's index as the loop's, renamed where the consumer reads a name spelled so (that
    one is another variable, the comprehension's index being its own)."""
    return index if index == "_" or index not in names_in(consumer) else fresh(index)


def _appended(list_name: str, element: cst.BaseExpression, fresh: _Fresh, scopes, parents, at, module, external
              ) -> list[cst.BaseStatement]:
    """``list.append(element)``, a helper's returned list named first (``image, label = decode(value)``)."""
    if isinstance(element, cst.Call):
        fn = callee(element.func, at, scopes, parents, module, external)
        elements = returned_elements(fn) if fn is not None and not fn.decorators else None
        if elements is not None:
            names = [fresh(e.value if isinstance(e, cst.Name) else f"tensor_{k}") for k, e in enumerate(elements)]
            target = ", ".join(names) + ("," if len(names) == 1 else "")
            return [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.parse_expression(f"({target})")
                                                                          .with_changes(lpar=[], rpar=[]))],
                                                        element)]),
                    cst.parse_statement(f"{list_name}.append([{', '.join(names)}])\n")]
    call = cst.Call(cst.Attribute(cst.Name(list_name), cst.Name("append")), [cst.Arg(element)])
    return [cst.SimpleStatementLine([cst.Expr(call)])]


def _assign_code(name: str, value: cst.BaseExpression) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], value)])


def _renamed(node: cst.CSTNode, old: str, new: str):
    if old == new:
        return node

    class _R(cst.CSTTransformer):
        def leave_Name(self, original, updated):
            return updated.with_changes(value=new) if original.value == old else updated

    return node.visit(_R())


def reader_list_reason(finder, body: list[cst.BaseStatement], index: int, call: cst.Call) -> str | None:
    """Why a join at ``body[index]`` whose list is filled from a list of readers (``[f(r.read(q)[1]) for r in
    readers]``, ``for r in readers: ...``) was left, where that is the form: None for any other join."""
    lists = next((a.value for i, a in enumerate(call.args)
                  if (a.keyword is None and i == 0) or (a.keyword is not None and a.keyword.value == "tensors_list")),
                 None)
    if not isinstance(lists, cst.Name):
        return None
    made = finder.scopes.single_assignment(body[index], lists.value)
    value = made.body[0].value if made is not None else None
    if isinstance(value, cst.ListComp):
        iterated = value.for_in.iter
    else:
        loops = [s for s in body[:index] if isinstance(s, cst.For) and lists.value in names_in(s.body)]
        iterated = loops[0].iter if len(loops) == 1 else None
    zipped = None
    if isinstance(iterated, cst.Call) and isinstance(iterated.func, cst.Name) and \
            iterated.func.value in ("enumerate", "zip"):
        zipped = iterated if iterated.func.value == "zip" else None
        wrapped = _wrapper(iterated)
        names = [a.value for a in iterated.args if isinstance(a.value, cst.Name)]
        iterated = wrapped[0] if wrapped is not None else names[0] if names else None
    if not isinstance(iterated, cst.Name):
        return None
    readers = finder.scopes.single_assignment(body[index], iterated.value)
    code = cst.Module([]).code_for_node
    listed = readers.body[0].value if readers is not None else None
    if isinstance(listed, cst.BinaryOperation) and isinstance(listed.operator, cst.Multiply):
        one = listed.left if isinstance(listed.left, cst.List) else listed.right
        if isinstance(one, cst.List) and len(one.elements) == 1 and finder.is_api(one.elements[0].value, *READERS):
            return (f"`{iterated.value} = {code(listed)}` lists one reader several times, whose reads take one file "
                    "at a time between them (not several readers of whole files, which tf.data's interleave is); "
                    "not rewritten: `migrate --to compat` runs it through the drop-in")
    if not (isinstance(listed, cst.ListComp) and finder.is_api(listed.elt, *READERS)):
        return None
    if zipped is not None:
        return (f"the readers of `{iterated.value}` are iterated as `{code(zipped)}`: only `enumerate(...)` or a zip "
                "with `range(k)` of the readers' own count is followed (another partner may stop the loop early)")
    others = [r for r in finder.scopes.readers_of(readers, iterated.value) if r is not iterated]
    if others:
        where = finder.scopes.positions.get(others[0])
        line = f" (line {where.start.line})" if where is not None else ""
        return (f"the readers' list `{iterated.value}` is also used beyond the join's list{line}; its readers cannot "
                "go into tf.data")
    return (f"each reader of `{iterated.value}` must be read once, by `reader.read(queue)` unpacked or indexed "
            "(`[1]`: the value), into the join's list; this list reads them otherwise")

