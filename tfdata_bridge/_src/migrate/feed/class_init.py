"""What the class form reads where an instance makes its queue (``__init__`` or a method only it calls): the
enqueue op, a close op, and the placeholder attributes the enqueue takes (a literal list of them, or one
attribute made by a comprehension and fed by ``dict(zip(self.phs, values))``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.feed.class_local import is_queue
from tfdata_bridge._src.migrate.feed.derived import Held, enqueued_held, held, reader
from tfdata_bridge._src.migrate.feed.members import flat, self_assign, self_attr
from tfdata_bridge._src.migrate.feed.queue import DEQUEUES, by_names, enqueued
from tfdata_bridge._src.migrate.feed.wraps import unwrapped


@dataclass
class Init:
    """What ``__init__`` makes for the queue: its enqueue op, close op and the fed placeholders' attributes."""
    enqueue: str
    close: str | None
    fed: list[str]
    calls: list[cst.Call]  # their ``placeholder(...)`` calls
    many: bool  # ``enqueue_many``: each run enqueues a batch
    list_name: str | None = None  # ``self.phs = [placeholder(...) for ...]``: fed as ``dict(zip(self.phs, v))``
    held: Held | None = None  # the dict or list on ``self`` holding them, read by ``derived.py``
    # every close op ``__init__`` makes (``self.close_op = q.close(cancel_pending_enqueues=True)`` beside
    # ``self.done_op = q.close()``): ``klass.py`` keeps as ``close`` the one run, the others go unread
    closes: list[str] = field(default_factory=list)
    # ``self.size_op = q.size()`` (attribute, line): kept on the instance as a constant 0 (``klass.py``)
    sizes: list[tuple[str, cst.SimpleStatementLine]] = field(default_factory=list)
    # a component enqueued through a per-component op on its fed placeholder (``tf.cast(self.ph, ...)``,
    # ``tf.sparse_tensor_to_dense(self.sp, default_value=-1)``): position -> (the op's text with ``{}`` for the
    # placeholder's value, the placeholder's dtype text, whether it is a ``sparse_placeholder``), ``wraps.py``
    wraps: dict = field(default_factory=dict)


def init_parts(index, init: cst.FunctionDef, self_name: str, qstmt, qattr: str, components: int,
               removed: list[cst.CSTNode], shapes: cst.BaseExpression | None = None,
               names: list[str] | None = None, local: str | None = None, v1: str | None = None) -> Init:
    """The queue's enqueue op (and its close ops) made in ``__init__``, and the placeholders it enqueues; their
    statements into ``removed``. ``local``: the name the queue was made under there (``class_local.py``)."""
    closes: list[str] = []
    sizes: list[tuple[str, cst.SimpleStatementLine]] = []
    parts = _parts(index, init, self_name, qstmt, qattr, components, removed, shapes, names, local, v1, closes, sizes)
    parts.closes, parts.sizes = closes, sizes
    return parts


def _parts(index, init: cst.FunctionDef, self_name: str, qstmt, qattr: str, components: int,
           removed: list[cst.CSTNode], shapes: cst.BaseExpression | None, names: list[str] | None,
           local: str | None, v1: str | None, closes: list[str],
           sizes: list[tuple[str, cst.SimpleStatementLine]]) -> Init:
    enqueue_attr = close_attr = enqueue_stmt = None
    items = None
    many = False
    placeholders: dict[str, cst.SimpleStatementLine] = {}
    for stmt in flat(init):
        found = self_assign(stmt, self_name)
        if found is None or stmt is qstmt:
            continue
        attr, value = found
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and is_queue(value.func.value, self_name, qattr, local):
            method = value.func.attr.value
            if method in ("enqueue", "enqueue_many") and enqueue_attr is None and enqueued(value) is not None:
                enqueue_attr, items, many = attr, by_names(enqueued(value), names), method == "enqueue_many"
                removed.append(stmt)
                enqueue_stmt = stmt
            elif method == "close" and attr not in closes:
                close_attr = close_attr or attr
                closes.append(attr)
                removed.append(stmt)
            elif method == "size" and not value.args:  # (a number the program reads: ``klass.py`` keeps one)
                sizes.append((attr, stmt))
                removed.append(stmt)
            elif method in DEQUEUES:
                # ``self.batch = self.queue.dequeue_many(n)`` (or the local name's, ``class_local.py``): the
                # instance's one dequeue, made here; ``klass._dequeue`` reads it like a dequeue in a method
                continue
            else:
                held = local if isinstance(value.func.value, cst.Name) else f"{self_name}.{qattr}"
                raise Refusal(f"`{held}.{method}` in `{init.name.value}` is not part of the feed-thread pattern")
        elif isinstance(value, cst.Call) and (index.paths.get(value) or "").rsplit(".", 1)[-1] in (
                "placeholder", "sparse_placeholder"):
            placeholders[attr] = stmt
        elif isinstance(value, cst.ListComp) and (index.paths.get(value.elt) or "").rsplit(".", 1)[-1] == \
                "placeholder":
            placeholders[attr] = stmt
        elif isinstance(value, cst.Dict) and value.elements and all(
                isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) and isinstance(e.value, cst.Call)
                and (index.paths.get(e.value) or "").rsplit(".", 1)[-1] == "placeholder" for e in value.elements):
            placeholders[attr] = stmt  # ``self.phs = {'image': tf.placeholder(...), ...}``: a named queue's
        elif isinstance(value, (cst.List, cst.Tuple)) and value.elements and all(
                isinstance(e.value, cst.Call) and (index.paths.get(e.value) or "").rsplit(".", 1)[-1] == "placeholder"
                for e in value.elements):  # ``self.phs = [tf.placeholder(...), ...]``
            placeholders[attr] = stmt
    items = _through_self(init, self_name, items, qstmt)
    joined = _joined_items(index, items, self_name, placeholders, components) if enqueue_attr is not None else None
    if joined is not None:  # ``[self.image] + self.labels``, ``list(self.phs)``: one placeholder per component
        fed, calls, stmts = joined
        removed.extend(s for s in stmts if s not in removed)
        return Init(enqueue_attr, close_attr, fed, calls, many)
    holder = enqueued_held(reader(index, v1), items, flat(init)) \
        if isinstance(items, (cst.ListComp, cst.Call)) or isinstance(items, cst.Name) else None
    if holder is not None and "." not in holder.name:
        holder = _kept_on_self(index, init, self_name, holder, v1)
    if holder is not None and "." not in holder.name:
        raise Refusal(f"the enqueue takes the placeholders of `{holder.name}`, a local name of `{init.name.value}` "
                      f"(not kept on `{self_name}` as the dict or list itself): the class form feeds placeholders "
                      f"it reads as `{self_name}.<attr>`; keep the holder on `{self_name}` "
                      f"(`{self_name}.phs = ...; queue.enqueue_many(list({self_name}.phs.values()))`)")
    if holder is not None:  # ``[p for p in self.phs.values()]``, ``list(self.phs.values())`` (``derived.py``)
        if len(holder.keys) != components:
            raise Refusal(f"`{holder.name}` holds {len(holder.keys)} placeholders for {components} queue components")
        attr = holder.name.split(".", 1)[1]
        removed.extend(holder.stmts)
        return Init(enqueue_attr, close_attr, [f"{attr}[{k!r}]" for k in holder.keys], holder.calls, many, attr,
                    holder)
    listed = self_attr(items, self_name) if items is not None else None
    made = placeholders.get(listed or "")
    if made is not None and isinstance(made.body[0].value, cst.ListComp) and components > 1:
        if not isinstance(shapes, (cst.List, cst.Tuple)) or len(shapes.elements) != components:
            raise Refusal(f"the placeholders `{self_name}.{listed}` are made in a comprehension and the queue gives "
                          "no literal shapes= to read theirs from; give the queue shapes=[...]")
        removed.append(made)
        return Init(enqueue_attr, close_attr, [f"{listed}[{j}]" for j in range(components)],
                     [made.body[0].value.elt] * components, many, listed)
    if made is not None and isinstance(made.body[0].value, cst.Dict):
        return _named(made, listed, names, self_name, enqueue_attr, close_attr, many, removed)
    if made is not None and isinstance(made.body[0].value, (cst.List, cst.Tuple)):
        calls = [e.value for e in made.body[0].value.elements]
        if len(calls) != components:
            raise Refusal(f"`{self_name}.{listed}` holds {len(calls)} placeholders for {components} queue components")
        removed.append(made)
        return Init(enqueue_attr, close_attr, [f"{listed}[{j}]" for j in range(components)], calls, many,
                    listed if components > 1 else None)
    if enqueue_attr is None and (why := _local_enqueue(init, self_name, qattr, local)) is not None:
        raise Refusal(why)
    if enqueue_attr is None or not isinstance(items, (cst.List, cst.Tuple)):
        raise Refusal(f"`{init.name.value}` makes no `{self_name}.{qattr}.enqueue([placeholders])`")
    items, wraps = unwrapped(index, items, self_name, placeholders, bool(names))
    fed = [self_attr(e.value, self_name) for e in items.elements]
    if None in fed or any(f not in placeholders for f in fed) or len(fed) != components:
        at = next((e.value for e, f in zip(items.elements, fed) if f is None or f not in placeholders), None)
        shown = cst.Module([]).code_for_node(at) if at is not None else None
        line = index.lines.get(enqueue_stmt) if enqueue_stmt is not None else None
        why = f": it takes `{shown}`{f' (line {line})' if line else ''}, " if shown else ": "
        why += ("which is no placeholder this class makes on `self` (a placeholder of another object, fed by "
                "whoever holds that object, is not followed)" if shown else
                f"it takes {len(fed)} tensors for {components} queue components")
        raise Refusal("the enqueue op does not take one placeholder attribute per queue component" + why)
    sparse = [f for j, f in enumerate(fed) if j not in wraps and (index.paths.get(
        placeholders[f].body[0].value) or "").endswith("sparse_placeholder")]  # type: ignore[index]
    if sparse:
        raise Refusal(f"the queue takes the sparse placeholder `{self_name}.{sparse[0]}` itself (a queue holds "
                      "dense tensors): not rewritten")
    removed += [placeholders[f] for f in fed]  # type: ignore[index]
    return Init(enqueue_attr, close_attr, fed, [placeholders[f].body[0].value for f in fed], many,  # type: ignore
                wraps=wraps)


def _joined_items(index, items, self_name: str, placeholders: dict[str, cst.SimpleStatementLine], components: int
                  ) -> tuple[list[str], list[cst.Call], list[cst.SimpleStatementLine]] | None:
    """The enqueue's list written as ``A + B`` (or ``list(A)``) of placeholder attributes of ``self``: a list
    literal of them (``[self.image]``), or an attribute bound to a list of placeholders (a literal, or a
    comprehension over ``range(n)``, ``n`` an int literal; one such of unknown length takes the components
    left). (fed keys, their ``placeholder(...)`` calls, the lines that made them), or None where it is not so."""
    parts: list[cst.BaseExpression] = []

    def split(node) -> bool:
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            return split(node.left) and split(node.right)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("list", "tuple") \
                and len(node.args) == 1 and node.args[0].keyword is None and not node.args[0].star:
            return split(node.args[0].value)
        parts.append(node)
        return True

    plain = not isinstance(items, (cst.BinaryOperation, cst.Call))  # (one attribute: ``_parts`` reads it whole)
    if plain or items is None or not split(items) or len(parts) < 2:  # (``list(self.phs)`` alone: a holder)
        return None
    fed: list[str | None] = []
    calls: list[cst.Call] = []
    stmts: list[cst.SimpleStatementLine] = []
    open_at = None
    for part in parts:
        if isinstance(part, (cst.List, cst.Tuple)):
            for e in part.elements:
                attr = self_attr(e.value, self_name) if not isinstance(e, cst.StarredElement) else None
                if attr is None or attr not in placeholders or \
                        not isinstance(placeholders[attr].body[0].value, cst.Call):
                    return None
                fed.append(attr)
                calls.append(placeholders[attr].body[0].value)
                stmts.append(placeholders[attr])
            continue
        attr = self_attr(part, self_name)
        made = placeholders.get(attr or "")
        if made is None:
            return None
        value = made.body[0].value
        stmts.append(made)
        if isinstance(value, (cst.List, cst.Tuple)):
            fed += [f"{attr}[{j}]" for j in range(len(value.elements))]
            calls += [e.value for e in value.elements]
            continue
        if not isinstance(value, cst.ListComp) or value.for_in.inner_for_in is not None or value.for_in.ifs:
            return None
        count = _range_count(value.for_in.iter)
        if count is None:
            if open_at is not None:
                return None
            open_at = (len(fed), attr, value.elt)
            continue
        fed += [f"{attr}[{j}]" for j in range(count)]
        calls += [value.elt] * count
    if open_at is not None:
        at, attr, elt = open_at
        left = components - len(fed)
        if left < 1:
            return None
        fed[at:at] = [f"{attr}[{j}]" for j in range(left)]
        calls[at:at] = [elt] * left
    if len(fed) != components or len(set(fed)) != len(fed):
        return None
    return fed, calls, stmts


def _range_count(node) -> int | None:
    """``n`` of ``range(n)``, an int literal; None otherwise."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "range" and \
            len(node.args) == 1 and isinstance(node.args[0].value, cst.Integer):
        return int(node.args[0].value.value)
    return None


def _through_self(init: cst.FunctionDef, self_name: str, items, qstmt=None):
    """``self.phs = phs; queue.enqueue(self.phs)``: the enqueue read as taking ``phs`` (a parameter, or a local
    name) where ``self.phs`` is bound once in ``__init__``, to that name (``_kept_on_self`` reads it back as the
    holder kept on ``self``); else ``items`` itself. The queue's own line (``qstmt``, which goes) may iterate it
    (``dtypes=[p.dtype for p in self.phs]``: read one placeholder at a time, ``derived.py``)."""
    attr = self_attr(items, self_name) if isinstance(items, cst.Attribute) else None
    if attr is None:
        return items
    sets = [found[1] for stmt in flat(init) if (found := self_assign(stmt, self_name)) is not None
            and found[0] == attr]
    iterated = {id(f.iter) for f in nodes_of(qstmt, cst.CompFor)} if qstmt is not None else set()
    reads = [a for a in nodes_of(init, cst.Attribute) if self_attr(a, self_name) == attr and id(a) not in iterated]
    # (read nowhere else in ``__init__``: ``self.phs.append(...)`` would change what the name holds unseen)
    return sets[0] if len(sets) == 1 and isinstance(sets[0], cst.Name) and len(reads) == 2 else items


def _kept_on_self(index, init: cst.FunctionDef, self_name: str, holder, v1: str | None):
    """``phs = list(d.values()); self.phs = phs``: a local holder the enqueue takes, kept on ``self`` by one line
    of ``__init__`` (and bound nowhere else there): the holder read as ``self.phs``; else ``holder`` itself."""
    kept = [attr for stmt in flat(init) if (found := self_assign(stmt, self_name)) is not None
            for attr, value in [found] if isinstance(value, cst.Name) and value.value == holder.name]
    if len(kept) != 1:
        return holder
    name = f"{self_name}.{kept[0]}"
    if sum(1 for stmt in flat(init) if (found := self_assign(stmt, self_name)) is not None
           and found[0] == kept[0]) != 1:
        return holder
    again = held(reader(index, v1), flat(init), name, True)
    return again if again is not None and again.keys == holder.keys else holder


def _named(made: cst.SimpleStatementLine, listed: str, names: list[str] | None, self_name: str, enqueue: str,
           close: str | None, many: bool, removed: list[cst.CSTNode]) -> Init:
    """``self.phs = {'image': tf.placeholder(...), ...}`` enqueued whole (``queue.enqueue_many(self.phs)``) into a
    queue whose ``names=`` are its keys: each placeholder is fed as ``self.phs['image']`` (``fed`` holds
    ``phs['image']``), in the names' order."""
    calls = {e.key.evaluated_value: e.value for e in made.body[0].value.elements}
    if names is None:
        raise Refusal(f"the enqueue takes the dict `{self_name}.{listed}` and the queue has no names=")
    if sorted(calls) != sorted(names) or len(calls) != len(made.body[0].value.elements):
        raise Refusal(f"the keys of `{self_name}.{listed}` are not the queue's names")
    removed.append(made)
    return Init(enqueue, close, [f"{listed}[{n!r}]" for n in names], [calls[n] for n in names], many, listed)


def _local_enqueue(init: cst.FunctionDef, self_name: str, qattr: str, local: str | None) -> str | None:
    """Why an enqueue op ``__init__`` makes under a local name (``enqueue_op = self.queue.enqueue([...])``) is
    not followed: handed to a thread's ``args=`` there (a function outside the class feeds it), or kept nowhere
    the class's feeding method reads it. None where ``__init__`` makes no such op."""
    for stmt in flat(init):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                cst.Name) and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute)
                and small.value.func.attr.value in ("enqueue", "enqueue_many")
                and is_queue(small.value.func.value, self_name, qattr, local)):
            continue
        name = small.targets[0].target.value
        held = f"{self_name}.{qattr}" if local is None else local
        what = (f"the enqueue op `{name}` (`{held}.{small.value.func.attr.value}`) is a local name of "
                f"`{init.name.value}`")
        for call in nodes_of(init, cst.Call):
            target = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "target"), None)
            passed = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "args"), None)
            if target is None or not isinstance(passed, (cst.List, cst.Tuple)) or not any(
                    isinstance(e.value, cst.Name) and e.value.value == name for e in passed.elements):
                continue
            shown = cst.Module([]).code_for_node(target)
            return (f"{what}, handed by `args=` to the thread of `{shown}`, which runs it: the class form follows "
                    f"an enqueue op kept on `{self_name}` (`{self_name}.{name} = ...`) that its feeding method reads "
                    "there; an op handed through a thread's `args=` in `__init__` is not followed yet; not rewritten")
        return (f"{what} and kept nowhere a feeding method of the class reads it (keep it as "
                f"`{self_name}.{name} = ...`); not rewritten")
    return None
