"""A file queue memoized on an object, made where it is read: the form the recogniser follows.

    class PoseDataset:                                          class PoseDataset:
        def __init__(self, files):                                  def __init__(self, files):
            self.files = files                                          self.files = files
            self._filename_queue = None
                                                                    def _read_one(self, filename_queue):
        @property                                                       reader = tf.TFRecordReader()
        def filename_queue(self):                                       _, serialized = reader.read(filename_queue)
            if self._filename_queue is None:                            return self._parse(serialized)
                self._filename_queue = tf.train.string_input_producer(
                    self.files, num_epochs=self.num_epochs)         def get_batch(self):
            return self._filename_queue                                 filename_queue = tf.train.string_input_producer(
                                                                            self.files, num_epochs=self.num_epochs)
        def _read_one(self):                                            examples = [self._read_one(filename_queue)
            reader = tf.TFRecordReader()                                            for _ in range(self.num_readers)]
            _, serialized = reader.read(self.filename_queue)            return tf.train.shuffle_batch_join(examples, ...)
            return self._parse(serialized)

        def get_batch(self):
            examples = [self._read_one() for _ in range(self.num_readers)]
            return tf.train.shuffle_batch_join(examples, ...)

The property (or a method of ``self`` alone) made the producer at its first use and handed the same queue to
every later one: the ``k`` calls of ``_read_one`` share one queue, as ``k`` readers of one file queue do. So
the producer is made once where the reading method is called (just before the statement that calls it, in the
one method that does), and handed to it as a parameter; the property and the attribute that held the queue go.
Only where that is the same program: the memo read in one place (one method, one expression), the attribute set
nowhere else (``None`` in ``__init__`` at most), the reading method called from one statement of one method of
the class (or from nowhere in it: then the producer is made in the reading method itself), the producer's
arguments reading nothing the caller binds otherwise. ``to_tfdata.run`` keeps the result only where more
pipelines are rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import names_in, nodes_of

_PRODUCERS = ("string_input_producer", "input_producer")


def _self_attr(node: cst.CSTNode, self_name: str) -> str | None:
    """``"x"`` for ``self.x``."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == self_name:
        return node.attr.value
    return None


def _memo(fn: cst.FunctionDef) -> tuple[str, cst.Call] | None:
    """(the attribute holding the queue, the producer call) of ``if self._q is None: self._q = producer(...)``
    then ``return self._q`` (or ``if not hasattr(self, "_q")``), the whole body of a method of ``self`` alone."""
    params = fn.params
    if len(params.params) != 1 or params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or params.kwonly_params \
            or params.star_kwarg is not None or params.posonly_params or not isinstance(fn.body, cst.IndentedBlock):
        return None
    if any(not (isinstance(d.decorator, cst.Name) and d.decorator.value == "property") for d in fn.decorators):
        return None
    me = params.params[0].name.value
    body = [s for s in fn.body.body if not (isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and
                                            isinstance(s.body[0], cst.Expr) and
                                            isinstance(s.body[0].value, cst.SimpleString))]
    if len(body) != 2 or not isinstance(body[0], cst.If) or body[0].orelse is not None:
        return None
    test, block = body[0].test, body[0].body
    last = body[1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0], cst.Return)):
        return None
    attr = _self_attr(last.body[0].value, me)
    if attr is None:
        return None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
            isinstance(test.comparisons[0].operator, cst.Is) and _self_attr(test.left, me) == attr and \
            isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None":
        pass
    elif isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and (
            _self_attr(test.expression, me) == attr or
            isinstance(test.expression, cst.Call) and isinstance(test.expression.func, cst.Name) and
            test.expression.func.value == "hasattr" and len(test.expression.args) == 2 and
            isinstance(test.expression.args[0].value, cst.Name) and test.expression.args[0].value.value == me and
            isinstance(test.expression.args[1].value, cst.SimpleString) and
            test.expression.args[1].value.evaluated_value == attr):
        pass
    else:
        return None
    if not (isinstance(block, cst.IndentedBlock) and len(block.body) == 1 and
            isinstance(block.body[0], cst.SimpleStatementLine) and len(block.body[0].body) == 1 and
            isinstance(block.body[0].body[0], cst.Assign)):
        return None
    assign = block.body[0].body[0]
    if len(assign.targets) != 1 or _self_attr(assign.targets[0].target, me) != attr:
        return None
    call = assign.value
    func = call.func if isinstance(call, cst.Call) else None
    spelled = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    if spelled not in _PRODUCERS:
        return None
    if any(isinstance(n, cst.Name) and n.value == me for n in [call.func]):
        return None
    return attr, call


def _uses(node: cst.CSTNode, attr: str) -> list[cst.Attribute]:
    return [a for a in nodes_of(node, cst.Attribute) if a.attr.value == attr]


class _Swap(cst.CSTTransformer):
    """Replaces nodes (by identity) and drops statements."""

    def __init__(self, swap: dict[int, cst.CSTNode], drop: set[int], before: dict[int, list[cst.BaseStatement]]):
        super().__init__()
        self.swap, self.drop, self.before = swap, drop, before

    def on_leave(self, original, updated):
        if id(original) in self.drop:
            return cst.RemovalSentinel.REMOVE
        if id(original) in self.swap:
            return self.swap[id(original)]
        if id(original) in self.before:
            return cst.FlattenSentinel([*self.before[id(original)], updated])
        return updated


def _self_of(fn: cst.FunctionDef) -> str | None:
    return fn.params.params[0].name.value if fn.params.params else None


def made_where_read(module: cst.Module, attribute_uses=None) -> cst.Module:
    """The module with each class's memoized file queue made where it is read (see the module docstring); the
    module itself where there is none. ``attribute_uses(name)``: uses of an attribute name in the tree's other
    modules that can hold the class's objects (``tree.py``), which must be none."""
    out = module
    for cls in [s for s in module.body if isinstance(s, cst.ClassDef) and isinstance(s.body, cst.IndentedBlock)]:
        changed = _one_class(module, cls, attribute_uses)
        if changed is not None:
            return made_where_read(changed, attribute_uses)  # (one class at a time: its nodes are new)
    return out


def _one_class(module: cst.Module, cls: cst.ClassDef, attribute_uses) -> cst.Module | None:
    methods = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]
    for memo_fn in methods:
        found = _memo(memo_fn)
        if found is None:
            continue
        held, producer = found
        name = memo_fn.name.value
        is_property = bool(memo_fn.decorators)
        if [m for m in methods if m.name.value == name and m is not memo_fn]:
            continue
        # the memo is read in exactly one place: ``self.name`` (a property) or ``self.name()`` in one method
        reads = [(m, a) for m in methods if m is not memo_fn for a in _uses(m, name)]
        if len(reads) != 1 or len(_uses(module, name)) != 1 or \
                attribute_uses is not None and attribute_uses(name):
            continue
        reader, access = reads[0]
        me = _self_of(reader)
        if me is None or _self_attr(access, me) != name:
            continue
        if not is_property:
            calls = [c for c in nodes_of(reader, cst.Call) if c.func is access and not c.args]
            if len(calls) != 1:
                continue
            access = calls[0]
        elif any(c.func is access for c in nodes_of(reader, cst.Call)):
            continue
        # the attribute that held the queue: set in the memo, and to None in ``__init__`` at most
        held_uses = [a for a in _uses(module, held)]
        init = [m for m in methods if m.name.value == "__init__"]
        init_sets = [s for m in init for s in nodes_of(m, cst.SimpleStatementLine)
                     if len(s.body) == 1 and isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
                     and _self_attr(s.body[0].targets[0].target, _self_of(m) or "") == held
                     and isinstance(s.body[0].value, cst.Name) and s.body[0].value.value == "None"]
        in_memo = _uses(memo_fn, held)
        if len(held_uses) != len(in_memo) + len(init_sets) or (attribute_uses is not None and attribute_uses(held)):
            continue
        memo_self = _self_of(memo_fn)
        if memo_self is None:
            continue
        # the reading method's callers: ``self.reader(...)`` in one statement of one other method
        calls = [(m, c) for m in methods for c in nodes_of(m, cst.Call)
                 if isinstance(c.func, cst.Attribute) and c.func.attr.value == reader.name.value
                 and isinstance(c.func.value, cst.Name) and c.func.value.value == _self_of(m)]
        if len(_uses(module, reader.name.value)) != len(calls) or \
                attribute_uses is not None and attribute_uses(reader.name.value):
            continue
        owners = {id(m) for m, _ in calls}
        if len(owners) > 1 or any(m is reader for m, _ in calls):
            continue
        # the method that makes the queue now runs once, as the memo made it once: one use of it in the tree
        maker = calls[0][0] if calls else reader
        if len(_uses(module, maker.name.value)) - len(_uses(maker, maker.name.value)) > 1 or \
                attribute_uses is not None and len(_uses(module, maker.name.value)) + \
                attribute_uses(maker.name.value) > 1:
            continue
        taken = set().union(*(names_in(m) for m in methods))
        queue = "filename_queue"
        while queue in taken:
            queue += "_"
        swap: dict[int, cst.CSTNode] = {id(access): cst.Name(queue)}
        before: dict[int, list[cst.BaseStatement]] = {}
        if calls:
            caller = calls[0][0]
            stmts = [s for s in nodes_of(caller, cst.SimpleStatementLine)
                     if all(any(c is n for n in nodes_of(s, cst.Call)) for _, c in calls)]
            if len(stmts) != 1 or _in_loop(caller, stmts[0]):
                continue  # (a loop would make a queue per pass where the memo made one)
            target_self = _self_of(caller)
            made = producer.visit(_Rename(memo_self, target_self))
            if names_in(made) - {target_self} & _bound(caller):
                continue  # (the producer's arguments would read the caller's own names)
            before[id(stmts[0])] = [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(queue))], made)])]
            for _, c in calls:
                swap[id(c)] = c.with_changes(args=[cst.Arg(cst.Name(queue)), *c.args])
            params = reader.params
            if params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or params.posonly_params:
                continue
            new_params = params.with_changes(params=[params.params[0], cst.Param(cst.Name(queue)),
                                                     *params.params[1:]])
            swap[id(reader.params)] = new_params
        else:  # read where the reading method is called from outside: the producer made in it, first
            if not isinstance(reader.body, cst.IndentedBlock):
                continue
            if names_in(producer) - {memo_self} & _bound(reader):
                continue
            made = producer.visit(_Rename(memo_self, me))
            first = reader.body.body[0]
            before[id(first)] = [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(queue))], made)])]
        drop = {id(memo_fn), *(id(s) for s in init_sets)}
        new = module.visit(_Swap(swap, drop, before))
        return _no_empty_init(new)
    return None


def _in_loop(fn: cst.FunctionDef, stmt: cst.CSTNode) -> bool:
    """``stmt`` stands in a ``for`` or ``while`` of ``fn`` (or in a function nested in it)."""
    for node in [*nodes_of(fn, cst.For), *nodes_of(fn, cst.While), *nodes_of(fn.body, cst.FunctionDef)]:
        if any(s is stmt for s in nodes_of(node, cst.SimpleStatementLine)):
            return True
    return False


def _bound(fn: cst.FunctionDef) -> set[str]:
    """Names a function binds (its parameters and assignment targets)."""
    out = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]}
    for a in nodes_of(fn, cst.AssignTarget):
        out |= {n.value for n in nodes_of(a, cst.Name)}
    return out


class _Rename(cst.CSTTransformer):
    """``self`` of one method as the ``self`` of another (the two names may differ)."""

    def __init__(self, old: str, new: str | None):
        super().__init__()
        self.old, self.new = old, new

    def leave_Name(self, original, updated):
        if self.new is not None and updated.value == self.old:
            return updated.with_changes(value=self.new)
        return updated

    def leave_Attribute(self, original, updated):  # (an attribute's name is not a variable)
        return updated.with_changes(attr=original.attr)


def _no_empty_init(module: cst.Module) -> cst.Module:
    class _Fill(cst.CSTTransformer):
        def leave_IndentedBlock(self, original, updated):
            if not updated.body:
                return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
            return updated

    return module.visit(_Fill())


__all__ = ["made_where_read"]
