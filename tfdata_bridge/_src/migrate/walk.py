"""A read-only walk of a libcst tree in libcst's own visiting order, without a visitor.

``node.visit(CSTVisitor())`` rebuilds every node it passes (``_visit_and_replace_children`` makes a new node from
the visited children, and validates it), even when nothing changes: a rewrite of the migrate corpus spent about a
sixth of its CPU in ``nodes_of``'s visits alone. Reading the children straight from each node's fields gives the
same nodes in the same order at a fraction of the cost.

The order of a node's children is the order in which its class's ``_visit_and_replace_children`` visits its
fields (``self.lpar`` before ``self.func`` in a ``Call``, ``self.decorators`` before ``self.name`` in a
``FunctionDef``), which is the source order and differs from the dataclass fields' order in about half of libcst's
classes. It is read once per class from that method's source, where libcst visits each child field with a call
``visit_...(self, "<field>", self.<field>, visitor)`` in the order it visits them. Where the source cannot be read
(a build of libcst without its ``.py`` files), the walk asks libcst's visitor for that class's children instead:
slower, never different.
``tests/migrate/test_migrate_walk.py`` checks the walk against libcst's visitor node for node.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from collections.abc import Iterator

import libcst as cst

_ORDER: dict[type, tuple[str, ...] | None] = {}  # node class -> its child fields in visiting order (None: ask libcst)
_VISITED_FIELD = re.compile(r"\bvisit_\w+\(\s*self,\s*[\"'](\w+)[\"']")


def child_fields(cls: type) -> tuple[str, ...] | None:
    try:
        return _ORDER[cls]
    except KeyError:
        pass
    fields = {f.name for f in dataclasses.fields(cls)}
    try:
        source = inspect.getsource(cls._visit_and_replace_children)
    except (OSError, TypeError, AttributeError):
        order = None
    else:
        order = tuple(dict.fromkeys(name for name in _VISITED_FIELD.findall(source) if name in fields))
    _ORDER[cls] = order
    return order


class _Children(cst.CSTVisitor):
    """libcst's own children of one node (the fallback): visits the node, keeps its direct children."""

    def __init__(self, root: cst.CSTNode) -> None:
        self.root, self.found = root, []

    def on_visit(self, node: cst.CSTNode) -> bool:
        if node is self.root:
            return True
        self.found.append(node)
        return False


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """``node``'s direct children in libcst's visiting order."""
    kind = type(node)
    order = _ORDER[kind] if kind in _ORDER else child_fields(kind)
    if order is None:
        collect = _Children(node)
        node.visit(collect)
        return collect.found
    found: list[cst.CSTNode] = []
    add = found.append
    known = _IS_NODE
    for name in order:  # (the hottest loop of a rewrite: the class checks are dictionary lookups, not calls)
        value = getattr(node, name)
        value_kind = type(value)
        if value_kind is tuple or value_kind is list or value_kind not in known and isinstance(value, (list, tuple)):
            for item in value:
                item_kind = type(item)
                if known[item_kind] if item_kind in known else is_node(item):
                    add(item)
        elif known[value_kind] if value_kind in known else is_node(value):
            add(value)
    return found


_IS_NODE: dict[type, bool] = {}  # a value's class -> whether it is a libcst node


def is_node(value: object) -> bool:
    """``isinstance(value, cst.CSTNode)``, answered once per class: ``CSTNode`` is an abstract class, and its
    ``isinstance`` (``ABCMeta.__instancecheck__``) was most of a walk's cost."""
    kind = type(value)
    known = _IS_NODE.get(kind)
    if known is None:
        known = _IS_NODE[kind] = issubclass(kind, cst.CSTNode)
    return known


def is_kind(value: object, kind: type) -> bool:
    """``isinstance(value, kind)`` for a libcst node class ``kind`` (abstract ones included), answered once per
    pair of classes."""
    key = (type(value), kind)
    known = _IS_KIND.get(key)
    if known is None:
        known = _IS_KIND[key] = issubclass(key[0], kind)
    return known


_IS_KIND: dict[tuple[type, type], bool] = {}


def preorder(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``node`` and every node under it, each before its children, in the order a ``CSTVisitor`` visits them."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        kids = children(current)
        kids.reverse()
        stack.extend(kids)


class Visitor(cst.CSTVisitor):
    """A ``CSTVisitor`` that reads a node's children from its fields (``children``) instead of letting libcst
    rebuild every node it passes: ``node.visit(visitor)`` and ``MetadataWrapper.visit(visitor)`` call the same
    ``visit_<Class>`` and ``leave_<Class>`` methods on the same nodes in the same order, a ``visit_`` returning
    False still skips the node's children, metadata asked in them is read as before. The visitors of the migrate
    passes only read; each pass over a module through libcst's visit rebuilt the whole module, about a third of
    a rewrite's CPU. No pass uses libcst's per-field hooks (``visit_Call_func``), which this walk does not call.

    A subclass that overrides ``on_visit`` or ``on_leave`` itself is walked node by node as libcst walks a
    plain ``CSTVisitor``: its ``on_visit`` asked at each node (its children visited where it answers True), its
    ``on_leave`` after them (its override may do work around its ``super()`` call that must come before the
    children), the children read from the fields as above, no node rebuilt."""

    _plain = False  # (a subclass overriding on_visit or on_leave: ``_plain_walk``)
    _walking = False  # (a ``_plain_walk`` is under way: the subclass's ``on_visit`` answers as written)
    _hooks: dict[type, tuple] = {}  # node class -> this class's visit_ and leave_ functions (each class its own)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._hooks = {}  # (held by the class: a pass's local class and its entries go when it does)
        if "on_visit" in cls.__dict__ or "on_leave" in cls.__dict__:
            cls._plain = True
        if "on_visit" in cls.__dict__:
            cls.on_visit = _entered(cls.__dict__["on_visit"])

    @classmethod
    def __subclasshook__(cls, subclass: type) -> bool:
        """``issubclass(C, V)`` for a ``Visitor`` class ``V``: whether ``V`` is among ``C``'s bases, and nothing
        else (no class is registered as a virtual ``Visitor``). ``CSTVisitor`` is an abstract class: libcst asks
        ``isinstance(visitor, CSTVisitor)`` at every node a transformer visits, and for a transformer class it has
        not seen, ``ABCMeta`` answers no only after asking each subclass of ``CSTVisitor`` in turn, down to every
        pass's local visitor class not yet collected (thousands in a long process: a quarter of a rewrite's CPU).
        This answer stops that walk at ``Visitor``."""
        return cls in subclass.__mro__

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self._plain:
            if self._walking:  # (a subclass's override calling ``super()``)
                return super().on_visit(node)
            return _entered(cst.CSTVisitor.on_visit)(self, node)  # (a subclass overriding ``on_leave`` alone)
        if not super().on_visit(node):
            return False
        # (also where a ``visit_`` method visits a node itself, ``node.value.visit(self)``: the same walk)
        for child in children(node):
            self._walk(child)
        return False  # (libcst then calls ``on_leave`` of ``node`` itself)

    def _walk(self, node: cst.CSTNode) -> None:
        # (``CSTVisitor.on_visit`` / ``on_leave``, their methods looked up once per visitor class and node class)
        kind, known = type(node), type(self)._hooks
        hooks = known.get(kind)
        if hooks is None:
            name, mine = kind.__name__, type(self)
            hooks = known[kind] = (getattr(mine, f"visit_{name}", None), getattr(mine, f"leave_{name}", None))
        visit, leave = hooks
        if visit is None or visit(self, node) is not False:
            for child in children(node):
                self._walk(child)
        if leave is not None:
            leave(self, node)

    def _plain_walk(self, node: cst.CSTNode) -> None:
        # (libcst's visit of a plain ``CSTVisitor`` below the first node, without its rebuild: ``_walking`` set, so
        # the subclass's ``on_visit`` answers as written)
        if self.on_visit(node):
            for child in children(node):
                self._plain_walk(child)
        self.on_leave(node)


def _entered(own):
    """A ``Visitor`` subclass's own ``on_visit``, made the entry of ``_plain_walk``: at the node a visit starts
    from, ``own`` is asked, then the children are walked here and libcst is told to skip them (it calls
    ``on_leave`` of that node itself); during the walk (and a ``super()`` call from a subclass's override, or a
    visit started from inside one) ``own`` answers as it is."""
    def on_visit(self, node: cst.CSTNode) -> bool:
        if self._walking:
            return own(self, node)
        self._walking = True
        try:
            if own(self, node):
                for child in children(node):
                    self._plain_walk(child)
        finally:
            self._walking = False
        return False

    return on_visit


__all__ = ["Visitor", "child_fields", "children", "is_kind", "is_node", "preorder"]
