"""A batch helper: a function that takes the element tensors and batches them, often choosing
``shuffle_batch`` or ``batch`` by a parameter (the image tutorial's ``_generate_image_and_label_batch``).

    def _generate_batch(image, label, min_queue_examples, batch_size, shuffle):
        if shuffle:
            images, labels = tf.train.shuffle_batch([image, label], ...)
        else:
            images, labels = tf.train.batch([image, label], ...)
        return images, labels

The helper's tensor parameters become one ``dataset`` parameter (where the first of them stood); each batch
call in it becomes the same batch of that dataset (so the flag stays a choice between two chains); each
caller makes the dataset of its elements (its own pipeline, up to the batch) and passes it. Every caller must
be such a pipeline, or nothing is rewritten.

The batch may be a hand-built queue of the helper's (the "Threading and Queues" guide's ``simple_shuffle_batch``):

    def simple_shuffle_batch(source, capacity, batch_size=10):
        queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=int(0.9 * capacity),
                                      shapes=source.shape, dtypes=source.dtype)
        enqueue = queue.enqueue(source)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [enqueue] * 4))
        return queue.dequeue_many(batch_size)

which is the batch call the queue, its runner and its ``dequeue_many`` amount to (``runner_queue.queue_batch``):
the queue, its enqueue op and its runner go from the helper, the dequeue becomes the batch of ``dataset``.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field

import libcst as cst

from libcst.metadata import ClassScope

from tfdata_bridge._src.migrate.calls import name_ids as _ids
from tfdata_bridge._src.migrate.calls import Refusal, bind, bound_names, identifiers, is_none, literal_bool, \
    name_counts, names_in, nodes_of, target_names
from tfdata_bridge._src.migrate.helper_prelude import check_bindings, derived_names, prelude_of, rewrite_prelude
from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS, Finder, Pipeline
from tfdata_bridge._src.migrate.scopes import Scopes
from tfdata_bridge._src.migrate.walk import Visitor


@dataclass
class BatchHelper:
    fn: cst.FunctionDef
    tensors: list[str]  # the tensor parameters, in the order the batch calls take them
    single: bool  # the batch calls take one parameter as it is (a dict or one tensor), not a list
    batch_stmts: list[tuple[cst.SimpleStatementLine, str, dict[str, cst.BaseExpression]]] = field(default_factory=list)
    param: str = "dataset"  # the new parameter's name
    # its first statements re-binding the tensors (``image = image[:h, :w]``), mapped over the dataset
    prelude: list[cst.SimpleStatementLine] = field(default_factory=list)
    # a hand-built queue's batch (``runner_queue.queue_batch``): its kind, and the statements that go with it
    queue: str | None = None
    removed: list[cst.CSTNode] = field(default_factory=list)
    method: bool = False  # a plain method of a class, called as ``self.name(...)``: its first parameter is no argument
    # every batch call in it has ``enqueue_many=True``: each tensor is a group of rows (``read_up_to``'s, a record's
    # rows); the callers' datasets are of rows (``unbatch()`` after their per-group code), the batches of rows
    many: bool = False
    # the batch's tensor list is a local chosen by an ``if`` on its parameters' Python-level properties
    # (``_built_list``): that statement, and the list as one expression of the parameters (``A if test else B``),
    # which each caller evaluates on its own values inside its element function
    built: tuple[cst.If, cst.IfExp] | None = None
    # the queue is made in the arm of an ``if`` on a parameter that its default value takes (``if data_type ==
    # 'train':``): the parameter and the default's code; each caller must leave it so (``caller_tensors``)
    defaulted: tuple[str, str] | None = None
    # the batch's list where it holds values its prelude derives from the tensors (``indicator = tf.ones(...)``,
    # ``input_seq = caption[:-1]``: ``_derived_tensors``); the prelude's element function returns it
    batched: list[str] | None = None

    def params(self) -> list[str]:
        """The parameters a call's arguments bind (``self`` left out of a method's)."""
        names = [p.name.value for p in self.fn.params.params]
        return names[1:] if self.method else names


class _BatchCalls(Visitor):
    def __init__(self, finder: Finder) -> None:
        super().__init__()
        self.finder = finder
        self.found: list[tuple[cst.SimpleStatementLine | None, cst.Call, str]] = []
        self.stmt: cst.SimpleStatementLine | None = None

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.stmt = node

    def visit_Call(self, node: cst.Call) -> None:
        api = self.finder.api(node)
        if api in BATCHES:
            small = self.stmt.body[0] if self.stmt is not None and len(self.stmt.body) == 1 else None
            ok = small is not None and small.value is node and (
                isinstance(small, cst.Return) or (isinstance(small, cst.Assign) and len(small.targets) == 1))
            self.found.append((self.stmt if ok else None, node, api))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def batch_calls_in(finder: Finder, fn: cst.FunctionDef) -> list[tuple[cst.SimpleStatementLine | None, cst.Call, str]]:
    v = _BatchCalls(finder)
    fn.body.visit(v)
    return v.found


def _queue_makers(finder: Finder, fn: cst.FunctionDef) -> list[cst.SimpleStatementLine]:
    """``q = FIFOQueue(...)`` (or another queue the runner rewrite reads) among ``fn``'s own statements."""
    from tfdata_bridge._src.migrate.runner_queue import _QUEUES

    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
    return [s for s in body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
            and isinstance(s.body[0], cst.Assign) and finder.is_api(s.body[0].value, *_QUEUES)]


def _defaulted_arm(fn: cst.FunctionDef, stmt: cst.BaseStatement
                   ) -> tuple[list[cst.BaseStatement], str, str] | None:
    """(the arm of the ``if`` at ``stmt`` that runs while its test's parameter holds its default, the parameter,
    the default's code) where the test is ``param == literal`` / ``param != literal`` / ``param`` / ``not param``,
    the default a literal, the parameter bound nowhere in ``fn``; None otherwise."""
    import ast

    if not isinstance(stmt, cst.If) or not isinstance(stmt.body, cst.IndentedBlock):
        return None
    test, negate = stmt.test, False
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, negate = test.expression, True
    literal = None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
            isinstance(test.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
        literal = test.comparisons[0].comparator
        negate ^= isinstance(test.comparisons[0].operator, cst.NotEqual)
        test = test.left
    if not isinstance(test, cst.Name):
        return None
    param = next((p for p in [*fn.params.params, *fn.params.kwonly_params] if p.name.value == test.value), None)
    if param is None or param.default is None or test.value in bound_names(fn.body):
        return None
    code = cst.Module([]).code_for_node
    try:
        default = ast.literal_eval(code(param.default))
        taken = bool(default) if literal is None else default == ast.literal_eval(code(literal))
    except (ValueError, SyntaxError):
        return None
    taken ^= negate
    if taken:
        return list(stmt.body.body), test.value, code(param.default)
    orelse = stmt.orelse
    if isinstance(orelse, cst.Else) and isinstance(orelse.body, cst.IndentedBlock):
        return list(orelse.body.body), test.value, code(param.default)
    return None


def _arm_queue(finder: Finder, fn: cst.FunctionDef):
    """(the ``if``, its defaulted arm, the parameter, its default) where ``fn``'s own block makes no queue and one
    of its ``if`` statements makes one in the arm its parameter's default takes (``_defaulted_arm``)."""
    from tfdata_bridge._src.migrate.runner_queue import _QUEUES

    if _queue_makers(finder, fn):
        return None
    for stmt in fn.body.body:
        arm = _defaulted_arm(fn, stmt)
        if arm is not None and any(isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and
                                   isinstance(s.body[0], cst.Assign) and finder.is_api(s.body[0].value, *_QUEUES)
                                   for s in arm[0]):
            return (stmt, *arm)
    return None


def queue_batch_of(finder: Finder, fn: cst.FunctionDef):
    """The batch a hand-built queue of ``fn`` amounts to (``runner_queue.QueueBatch``) where its enqueued tensors
    are ``fn``'s parameters and a ``dequeue_many`` / ``dequeue_up_to`` reads it; None: no such queue. ``Refusal``
    where it is one but off the pattern. A queue made in the arm of an ``if`` its parameter's default takes is
    read with that arm in the ``if``'s place (``_arm_queue``)."""
    from tfdata_bridge._src.migrate.runner_queue import _QUEUES, queue_batch

    params = {p.name.value for p in fn.params.params}
    body = list(fn.body.body)
    makers = _queue_makers(finder, fn)
    arm = _arm_queue(finder, fn) if not makers else None
    if arm is not None:
        at = body.index(arm[0])
        body = [*body[:at], *arm[1], *body[at + 1:]]
        makers = [s for s in arm[1] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                  and isinstance(s.body[0], cst.Assign) and finder.is_api(s.body[0].value, *_QUEUES)]
    for stmt in makers:
        q = queue_batch(finder, body, stmt, finder.code)
        if q is not None and not q.single and names_in(q.tensors) & params:
            if q.shared:
                raise Refusal(f"`{q.qname}` has a shared_name: a batch helper's queue with one is not rewritten")
            return q
    return None


def batches_its_parameters(finder: Finder, fn: cst.FunctionDef) -> bool:
    """Some batch call in ``fn`` takes tensors that are ``fn``'s parameters: a batch helper candidate."""
    params = {p.name.value for p in fn.params.params}
    if _queue_makers(finder, fn) or _arm_queue(finder, fn) is not None:  # (only functions making a queue pay)
        try:
            if queue_batch_of(finder, fn) is not None:
                return True
        except Refusal:
            pass  # (the queue's own rewrite says why, at the queue)
    prelude = {id(s) for s in prelude_of(fn, sorted(params), finder.api)}
    lead = prelude_of(fn, sorted(params), finder.api, params=params)
    derived = set(derived_names(lead, params)) if _data_reads(lead, params) else set()
    for stmt, call, api in batch_calls_in(finder, fn):
        tensors = call.args[0].value if call.args and call.args[0].keyword is None else next(
            (a.value for a in call.args if a.keyword is not None and a.keyword.value == "tensors"), None)
        # (``enqueue_many=True``, too: groups of rows its callers make; where they are in-memory arrays instead,
        # ``_batch_helpers`` leaves the helper, silently, to the in-memory rewrite of the batch itself)
        # a parameter re-bound before the batch (``image = tf.cast(image, ...)``, then read and decoded) is
        # not what the batch takes: that batch belongs to the function's own pipeline; one re-bound only by
        # the helper's first statements (its prelude, ``image = image[:h, :w]``) still is
        taken = {n for n in (names_in(tensors) if tensors is not None else set()) & params
                 if stmt is None or id(finder.scopes.single_assignment(stmt, n)) in prelude
                 or finder.scopes.single_assignment(stmt, n) is None}
        if taken or (isinstance(tensors, cst.Name) and _branch_built(fn, tensors.value, params) is not None):
            return True
        # (values its first statements derive from its parameters, ``_derived_tensors``, as the prelude binds
        # them: one bound again before the batch, ``offset = train.limit_epochs(offset, ...)``, belongs to the
        # function's own pipeline, as a re-bound parameter does)
        if isinstance(tensors, (cst.List, cst.Tuple)) and any(
                stmt is None or id(finder.scopes.single_assignment(stmt, n)) in {id(s) for s in lead}
                for n in names_in(tensors) & derived):
            return True
    return False


def _data_reads(lead: list[cst.SimpleStatementLine], params: set[str]) -> set[str]:
    """The parameters the statements ``lead`` read as the data of an op: a call's first positional argument
    (``tf.shape(caption)``, ``tf.slice(caption, ...)``), a subscript's value (``caption[1:]``), or a whole value
    (``seq = caption``); not a slice's bound, a keyword or a later argument (``max_len``, ``dtype``): those stay
    the helper's own values, which its element function reads as a closure."""
    found: set[str] = set()
    for stmt in lead:
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and isinstance(small.value, cst.Name):
            found.add(small.value.value)
        for node in nodes_of(small, cst.Subscript):
            if isinstance(node.value, cst.Name):
                found.add(node.value.value)
        for node in nodes_of(small, cst.Call):
            if node.args and node.args[0].keyword is None and not node.args[0].star and \
                    isinstance(node.args[0].value, cst.Name):
                found.add(node.args[0].value.value)
    return found & params


def _derived_tensors(finder: Finder, fn: cst.FunctionDef, names: list[str], taken: list[str]) -> list[str]:
    """The helper's tensors where its batch's list ``taken`` holds values its first statements derive per
    element from its parameters (im2txt's ``batch_with_dynamic_pad``: ``seq_len = tf.shape(input_seq)[0]``,
    ``indicator = tf.ones(tf.expand_dims(seq_len, 0), dtype=tf.int32)``, then ``batch([input_seq, tag_seq,
    indicator], dynamic_pad=True)``): the parameters the list takes, then those the statements read as data
    (``_data_reads``), which each caller gives per element; the prelude's element function makes the list."""
    where = f"the batch calls in `{fn.name.value}` do not take its parameters as they are"
    every = {p.name.value for p in fn.params.params}
    lead = prelude_of(fn, names, finder.api, params=every)
    derived = derived_names(lead, every)
    if not set(taken) - set(names) <= set(derived):
        raise Refusal(f"{where}, nor values its first statements compute from them")
    tensors = [n for n in taken if n in names]
    tensors += [p for p in names if p in _data_reads(lead, set(names)) and p not in tensors]
    if not tensors:
        raise Refusal(f"{where}: the values it derives read none of its parameters as data")
    for stmt in lead:  # (a parameter re-bound there is one of the tensors: the others stay the helper's)
        small = stmt.body[0]
        targets = names_in(small.targets[0].target) if isinstance(small, cst.Assign) else set()
        if targets & set(names) - set(tensors):
            raise Refusal(f"`{fn.name.value}` re-binds its parameter(s) {sorted(targets & set(names))} before "
                          "its batch")
    return tensors


_PROPERTY_TESTS = {"isinstance", "len", "list", "tuple", "dict", "type", "None", "True", "False"}


def _parameter_reads(tensors: cst.BaseExpression, params: list[str]) -> list[str] | None:
    """The parameters a list of the batch's takes by attribute or constant subscript (``[example.image,
    example.label]``, ``[row["x"], label]``), in the order of the parameters; None where an element is anything
    else (a call, arithmetic: work the caller's element function would have to do) or the list reads no attribute
    (``[image, label]``: the plain form)."""
    if not isinstance(tensors, (cst.List, cst.Tuple)) or not tensors.elements:
        return None
    read: set[str] = set()
    deep = False
    for el in tensors.elements:
        if not isinstance(el, cst.Element):
            return None
        node = el.value
        while isinstance(node, (cst.Attribute, cst.Subscript)):
            if isinstance(node, cst.Subscript):
                if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index) or \
                        not isinstance(node.slice[0].slice.value, (cst.SimpleString, cst.Integer)):
                    return None
            deep = True
            node = node.value
        if not isinstance(node, cst.Name) or node.value not in params:
            return None
        read.add(node.value)
    return [p for p in params if p in read] if deep else None


def _built_list(fn: cst.FunctionDef, branch: cst.If, name: str, params: list[str]) -> tuple[cst.If, cst.IfExp]:
    """The ``if`` choosing the batch's list (``_branch_built``) as one expression, where it is a statement of
    ``fn``'s own block before its batch, each arm the one assignment ``name = <list of parameters>``, its test
    reading nothing but parameters and the builtins that ask a value's Python-level kind or length."""
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    where = f"the list `{fn.name.value}` batches (`{name}`, chosen by an `if`)"
    if branch not in body:
        raise Refusal(f"{where} is not chosen in the function's own block")
    values = []
    for arm in (branch.body.body, branch.orelse.body.body):
        small = arm[0].body[0] if len(arm) == 1 and isinstance(arm[0], cst.SimpleStatementLine) and \
            len(arm[0].body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name):
            raise Refusal(f"{where}: an arm does more than bind `{name}`")
        if not names_in(small.value) <= set(params) | {"list", "tuple"} or any(
                not (isinstance(c.func, cst.Name) and c.func.value in ("list", "tuple"))
                for c in nodes_of(small.value, cst.Call)):
            raise Refusal(f"{where}: an arm's list is not made of the function's parameters alone")
        values.append(small.value)
    if not names_in(branch.test) <= set(params) | _PROPERTY_TESTS or \
            any(not (isinstance(c.func, cst.Name) and c.func.value in _PROPERTY_TESTS)
                for c in nodes_of(branch.test, cst.Call)):
            raise Refusal(f"{where}: its test reads more than the parameters' Python-level kind or length")
    if any(nodes_of(v, kind) for v in (*values, branch.test) for kind in (cst.IfExp, cst.Lambda, cst.NamedExpr)):
        raise Refusal(f"{where}: an arm or the test is itself a choice or a function")
    if any(body.index(st) < body.index(branch) for st in body if name in names_in(st)):
        raise Refusal(f"{where} is read before it is chosen")
    return branch, cst.IfExp(test=branch.test, body=values[0], orelse=values[1])


def _branch_built(fn: cst.FunctionDef, name: str, params: set[str]) -> cst.If | None:
    """The ``if`` that alone binds ``name`` in ``fn``, once in each arm, from ``fn``'s parameters, by a test that
    reads one of them (``if isinstance(label, list): input = [img] + label`` / ``else: input = [img, label]``):
    the batch's tensor list is chosen by a Python-level property of the caller's values. None: not that form."""
    binds = [a for a in nodes_of(fn, cst.Assign) if any(name in (target_names(t.target) or ()) for t in a.targets)]
    others = [a for kind in (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)
              for a in nodes_of(fn, kind) if name in names_in(a.target)]
    others += [a for a in nodes_of(fn, cst.AsName) if name in names_in(a.name)]
    if len(binds) != 2 or others or not all(names_in(a.value) & params for a in binds):
        return None
    for node in nodes_of(fn, cst.If):
        if not isinstance(node.orelse, cst.Else) or not names_in(node.test) & params:
            continue
        arms = [{id(a) for s in arm for a in nodes_of(s, cst.Assign)}
                for arm in (node.body.body, node.orelse.body.body)]
        if all(any(id(a) in arm for a in binds) for arm in arms):
            return node
    return None


def enqueues_many(finder: Finder, fn: cst.FunctionDef) -> bool:
    """Every batch call in ``fn`` (one at least) takes ``enqueue_many=True``: groups of rows, which its callers'
    pipelines make (``read_up_to``'s), or in-memory arrays, which are the batch's own rewrite (``in_memory.py``)."""
    found = batch_calls_in(finder, fn)
    return bool(found) and all(
        any(a.keyword is not None and a.keyword.value == "enqueue_many" and isinstance(a.value, cst.Name) and
            a.value.value == "True" for a in call.args) for _, call, _ in found)


def method_helper(scopes: Scopes, at: cst.CSTNode, call: cst.Call) -> cst.FunctionDef | None:
    """The method ``call`` (``self.name(...)`` at the statement ``at``, in a plain method of a class) calls: one
    defined in that class's own body, undecorated, taking ``self``; None for any other call."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
        return None
    scope = scopes.scope(at)
    home, parent = getattr(scope, "node", None), getattr(scope, "parent", None)
    if not (isinstance(home, cst.FunctionDef) and isinstance(parent, ClassScope) and home.params.params
            and home.params.params[0].name.value == func.value.value) or \
            any(isinstance(d.decorator, cst.Name) and d.decorator.value in ("staticmethod", "classmethod")
                for d in home.decorators):
        return None
    cls = parent.node
    found = [m for m in cls.body.body if isinstance(m, cst.FunctionDef) and m.name.value == func.attr.value] \
        if isinstance(cls.body, cst.IndentedBlock) else []
    if len(found) != 1 or found[0].decorators or len(found[0].params.params) < 2:
        return None
    return found[0]


def instance_helper(finder: Finder, scopes: Scopes, at: cst.CSTNode, call: cst.Call
                    ) -> tuple[cst.FunctionDef, cst.ClassDef] | None:
    """(the method, its class) that ``call`` (at the statement ``at``) calls on an object of a class of the module
    made for it: ``Batch().train(image, label)``, or ``batcher.train(...)`` where ``batcher = Batch(...)`` is the
    name's one binding in its function (orchard's ``Batch().train``, a method batching the tensors its caller
    gives it). The class undecorated, of no base but ``object``, subclassed nowhere, defining the method once,
    undecorated, taking ``self`` and more; None for any other call."""
    from libcst.metadata import Assignment

    from tfdata_bridge._src.migrate.subclasses import overriders

    made = made_for(scopes, at, call)
    if made is None or not isinstance(made.func, cst.Name):
        return None
    module = finder.module if isinstance(finder.module, cst.Module) else None
    scope = scopes.scope(at)
    found = list(scope[made.func.value]) if scope is not None else []
    if module is None or len(found) != 1 or not isinstance(found[0], Assignment) or \
            not isinstance(found[0].node, cst.ClassDef) or found[0].node not in module.body:
        return None
    cls = found[0].node
    method = plain_method(cls, call.func.attr.value)
    if method is None or overriders(finder, module, cls, method.name.value):
        return None
    return method, cls


def made_for(scopes: Scopes, at: cst.CSTNode, call: cst.Call) -> cst.Call | None:
    """The constructor call of the object ``call`` (``obj.method(...)`` at the statement ``at``) calls a method of:
    ``Cls(...)`` itself (``Cls(...).method(...)``), or the value of ``obj = Cls(...)``, the name's one binding in
    its function; None otherwise."""
    from libcst.metadata import Assignment

    func = call.func
    if not isinstance(func, cst.Attribute):
        return None
    made = func.value
    if isinstance(made, cst.Name):
        scope = scopes.scope(at)
        found = list(scope[made.value]) if scope is not None else []
        stmt = scopes.single_assignment(at, made.value)
        if len(found) != 1 or not isinstance(found[0], Assignment) or found[0].scope is not scope or \
                getattr(scope, "node", None) is None or stmt is None:
            return None
        small = stmt.body[0]
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                isinstance(small.targets[0].target, cst.Name)):
            return None
        made = small.value
    return made if isinstance(made, cst.Call) and isinstance(made.func, (cst.Name, cst.Attribute)) else None


def plain_method(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    """The method ``name`` that ``cls`` (undecorated, of no base but ``object``) defines once, undecorated, taking
    ``self`` and more."""
    if cls.decorators or cls.keywords or any(not (isinstance(b.value, cst.Name) and b.value.value == "object")
                                             for b in cls.bases):
        return None
    methods = [m for m in cls.body.body if isinstance(m, cst.FunctionDef) and m.name.value == name] \
        if isinstance(cls.body, cst.IndentedBlock) else []
    if len(methods) != 1 or methods[0].decorators or len(methods[0].params.params) < 2:
        return None
    return methods[0]


def batch_helper(finder: Finder, scopes: Scopes, fn: cst.FunctionDef) -> BatchHelper:
    name = fn.name.value
    params = fn.params
    if fn.decorators or params.star_kwarg or params.kwonly_params or params.posonly_params or \
            isinstance(params.star_arg, cst.Param):
        raise Refusal(f"the batch helper `{name}` is decorated or takes *args, **kwargs or keyword-only parameters")
    scope = scopes.scope(fn.body.body[0])
    method = isinstance(getattr(scope, "parent", None), ClassScope)
    names = [p.name.value for p in params.params][1 if method else 0:]
    found = batch_calls_in(finder, fn)
    helper: BatchHelper | None = None
    many: set[bool] = set()
    for stmt, call, api in found:
        built = None
        if stmt is None:
            raise Refusal(f"a batch call in `{name}` is neither assigned to names nor returned")
        args = bind(call, api)
        for flag in ("keep_input", "shapes", "shared_name"):
            if not is_none(args.get(flag)):
                raise Refusal(f"`{api}` in `{name}` has {flag}=; not rewritten in a batch helper")
        many.add(literal_bool(args.get("enqueue_many"), False, "enqueue_many"))
        if len(many) > 1:
            raise Refusal(f"the batch calls in `{name}` differ in enqueue_many; not rewritten")
        tensors = args.get("tensors")
        if isinstance(tensors, (cst.List, cst.Tuple)) and all(isinstance(e.value, cst.Name) for e in tensors.elements):
            taken, single = [e.value.value for e in tensors.elements], False
        elif isinstance(tensors, cst.Name):
            taken, single = [tensors.value], True
        elif (read := _parameter_reads(tensors, names)) is not None:
            # ``[example.freq, example.label]``: each caller reads them off its own values (``BatchHelper.built``)
            built, taken, single = (None, tensors), read, False
        else:
            raise Refusal(f"the batch calls in `{name}` do not take its parameters as they are")
        batched = None
        if not single and built is None and not set(taken) <= set(names) and len(set(taken)) == len(taken):
            batched, taken = taken, _derived_tensors(finder, fn, names, taken)
        branch = _branch_built(fn, taken[0], set(names)) if single and taken[0] not in names else None
        if branch is not None:
            built = _built_list(fn, branch, taken[0], names)
            taken, single = [n for n in names if n in names_in(built[1])], False
        if not set(taken) <= set(names) or len(set(taken)) != len(taken):
            raise Refusal(f"the batch calls in `{name}` do not take its parameters as they are")
        if helper is None:
            helper = BatchHelper(fn, taken, single)
            helper.built, helper.batched = built, batched
        elif helper.batched != batched:
            raise Refusal(f"the batch calls in `{name}` take different tensors")
        elif (helper.built is None) != (built is None) or built is not None and \
                not built[1].deep_equals(helper.built[1]):
            raise Refusal(f"the batch calls in `{name}` take different tensors")
        elif (helper.tensors, helper.single) != (taken, single):
            raise Refusal(f"the batch calls in `{name}` take different tensors")
        helper.batch_stmts.append((stmt, api, args))
    if helper is None:
        helper = _queue_helper(finder, fn)
        if method and not set(helper.tensors) <= set(names):
            raise Refusal(f"the queue in `{name}` is not filled with its parameters as they are")
    helper.method = method
    helper.many = many == {True}
    if helper.built is not None and helper.built[0] is None:  # (its parameters read nowhere else)
        counts, inside_batches = name_counts(fn.body), sum((name_counts(a["tensors"]) for _, _, a in helper.batch_stmts),
                                                            collections.Counter())
        if any(counts[t] != inside_batches[t] for t in helper.tensors):
            raise Refusal(f"`{name}` reads the values whose attributes it batches beyond its batch calls")
    elif helper.built is not None:
        built_name = helper.batch_stmts[0][2]["tensors"].value
        if name_counts(fn.body)[built_name] != 2 + len(helper.batch_stmts):
            raise Refusal(f"`{name}` reads `{built_name}`, the list it batches, beyond its batch calls")
        helper.removed.append(helper.built[0])  # (its list is each caller's, in its element function)
    inside: set[int] = {i for s in helper.removed for i in _ids(s)}
    for stmt, _, args in helper.batch_stmts:
        inside |= _ids(args["tensors"])
    every = {p.name.value for p in params.params}
    helper.prelude = prelude_of(fn, helper.tensors, finder.api, params=every if helper.batched else None)
    derived = derived_names(helper.prelude, every) if helper.batched else []
    if helper.batched and helper.many:
        raise Refusal(f"`{name}` batches values it derives from groups of rows (enqueue_many); not rewritten")
    if helper.prelude:
        check_bindings(fn, scope, [*helper.tensors, *derived], helper.prelude, scopes.owners,
                       also=[stmt for stmt, _, _ in helper.batch_stmts])
        for s in helper.prelude:
            inside |= _ids(s)
    # a batch that re-binds the tensors' own names (``text, label = tf.train.batch([text, label], ...)``, then
    # ``return text, label``): what is read after it, on every path, is the batch, which the rewrite keeps
    inside |= _batch_results_read(fn, helper)
    for t in [*helper.tensors, *derived]:
        # every read of the name, under any of its bindings (the parameter's, the prelude's)
        reads = [r.node for a in scope.assignments[t] for r in a.references] if scope is not None else \
            scopes.readers_of(fn.body.body[0], t)
        if any(id(r) not in inside for r in reads):
            raise Refusal(f"`{name}` uses its tensor `{t}` beyond the batch")
    own = {a.name for a in scope.assignments} if scope is not None else set(names)
    helper.param = next(n for n in ("dataset", "dataset_", "elements", "elements_") if n not in own)
    return helper


def _beyond_shapes(value: cst.BaseExpression, taken: set[str]) -> bool:
    """Whether ``value`` reads one of ``taken`` otherwise than for its static shape (``t.get_shape()``,
    ``t.shape``: the queue's ``shapes = [image.get_shape(), label.get_shape()]``, which the batch infers)."""
    shaped = {id(n.value) for n in nodes_of(value, cst.Attribute) if isinstance(n.value, cst.Name)
              and n.attr.value in ("get_shape", "shape")}
    return any(n.value in taken and id(n) not in shaped for n in nodes_of(value, cst.Name))


class _Reads(Visitor):
    """The Name nodes a statement (or expression) reads when it runs: not those of a nested function, lambda or
    class, which read their names when called (after a later re-binding, perhaps)."""

    def __init__(self, names: set[str]) -> None:
        super().__init__()
        self.names, self.found = names, []

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in self.names:
            self.found.append(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        node.value.visit(self)
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


def _batch_results_read(fn: cst.FunctionDef, helper: BatchHelper) -> set[int]:
    """The ids of the Name nodes of ``fn`` reading a tensor name that a batch statement of the helper has
    re-bound on every path to them (both branches of the shuffle switch, ``image, label = tf.train.batch([image,
    label], ...)``), and nothing else since: they read the batch's result, not the parameter. A loop, a ``try``
    or another compound statement keeps nothing it binds (it may run no turn or stop half-way); a branch that
    ends in ``return`` or ``raise`` does not fall through to what follows."""
    tensors = set(helper.tensors)
    rebinds: dict[int, set[str]] = {}
    for stmt, _, _ in helper.batch_stmts:
        small = stmt.body[0]
        names = target_names(small.targets[0].target) if isinstance(small, cst.Assign) else None
        if names:
            rebinds[id(stmt)] = set(names) & tensors
    if not any(rebinds.values()):
        return set()
    found: set[int] = set()

    def read(node: cst.CSTNode, done: frozenset[str]) -> None:
        if done:
            v = _Reads(set(done))
            node.visit(v)
            found.update(id(n) for n in v.found)

    def bound(node: cst.CSTNode) -> set[str]:
        return {a for a in names_in(node) if a in tensors}  # (any mention: a binding among them is enough)

    def block(stmts, done: frozenset[str]) -> frozenset[str] | None:
        """What stays re-bound after ``stmts`` (None: they never fall through)."""
        for s in stmts:
            if isinstance(s, cst.SimpleStatementLine):
                for small in s.body:
                    read(small, done)
                    if id(s) in rebinds:
                        done = done | rebinds[id(s)]
                    elif not isinstance(small, cst.Expr):
                        done = done - bound(small)  # (an assignment of the name: no longer the batch)
                    if isinstance(small, (cst.Return, cst.Raise)):
                        return None
            elif isinstance(s, cst.If):
                read(s.test, done)
                a = block(s.body.body, done)
                b = done if s.orelse is None else block(
                    [s.orelse] if isinstance(s.orelse, cst.If) else s.orelse.body.body, done)
                if a is None and b is None:
                    return None
                done = b if a is None else a if b is None else a & b
            elif isinstance(s, cst.With):
                for item in s.items:
                    read(item.item, done)
                done = done - {n for item in s.items if item.asname for n in bound(item.asname)}
                after = block(s.body.body, done)
                if after is None:
                    return None
                done = after
            else:  # (a loop, ``try``, a nested definition: read as they stand, nothing kept that they bind)
                gone = bound(s)
                if not isinstance(s, (cst.FunctionDef, cst.ClassDef)):
                    read(s, done - gone)
                done = done - gone
        return done

    block(fn.body.body if isinstance(fn.body, cst.IndentedBlock) else [], frozenset())
    return found


def _queue_helper(finder: Finder, fn: cst.FunctionDef) -> BatchHelper:
    """The helper whose batch is its hand-built queue's ``dequeue_many`` (the module docstring)."""
    name = fn.name.value
    q = queue_batch_of(finder, fn)
    if q is None:
        raise Refusal(f"`{name}` makes no batch")
    params = [p.name.value for p in fn.params.params]
    tensors = q.tensors
    if q.news or q.dequeue not in fn.body.body:
        raise Refusal(f"the queue's dequeue in `{name}` is not in the function's own block")
    if q.one_of_list:
        raise Refusal(f"`{name}` enqueues its parameter `{tensors.value}` into a one-component queue (a list of "
                      "one tensor, dequeued as the tensor); not rewritten in a batch helper")
    if isinstance(tensors, (cst.List, cst.Tuple)) and all(isinstance(e.value, cst.Name) for e in tensors.elements):
        taken = [e.value.value for e in tensors.elements]
        single = len(taken) == 1  # (a one-component queue's dequeue gives the tensor, not a list of one)
    elif isinstance(tensors, cst.Name):
        taken, single = [tensors.value], True
    else:
        raise Refusal(f"the queue in `{name}` is not filled with its parameters as they are")
    if not set(taken) <= set(params) or len(set(taken)) != len(taken):
        raise Refusal(f"the queue in `{name}` is not filled with its parameters as they are")
    small = q.dequeue.body[0]
    if not (isinstance(small, cst.Return) or isinstance(small, cst.Assign) and len(small.targets) == 1) \
            or small.value is not q.dcall:
        raise Refusal(f"the queue's dequeue in `{name}` is neither assigned to names nor returned")
    args = dict(q.args)
    if single:
        args["tensors"] = cst.Name(taken[0])
    removed = list(q.removed)
    gone = {i for r in removed for i in _ids(r)}
    for stmt in fn.body.body:  # a local only the queue's statements read (``num_threads = 4``) goes with them
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if stmt not in removed and isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name) and not _beyond_shapes(small.value, set(taken)):
            readers = finder.scopes.readers_of(stmt, small.targets[0].target.value)
            if readers and all(id(r) in gone for r in readers):
                removed.append(stmt)
    helper = BatchHelper(fn, taken, single, queue=q.kind, removed=removed)
    arm = _arm_queue(finder, fn)
    if arm is not None:  # the ``if`` goes whole: its arm held the queue alone, the other never runs
        if not all(s in removed for s in arm[1]):
            test = cst.Module([]).code_for_node(arm[0].test)
            raise Refusal(f"the queue in `{name}` is made in a branch of `if {test}:` that does more than make it")
        helper.removed.append(arm[0])
        helper.defaulted = (arm[2], arm[3])
    helper.batch_stmts.append((q.dequeue, q.api, args))
    return helper


def caller_tensors(helper: BatchHelper, call: cst.Call) -> tuple[cst.BaseExpression, list[cst.Arg]]:
    """(the caller's tensors as the batch call would see them, the call's arguments with the dataset's place
    marked by ``None`` values to fill)."""
    params = helper.params()
    bound: dict[str, cst.BaseExpression] = {}
    kept: list[cst.Arg] = []
    first = next(p for p in params if p in helper.tensors)
    for i, arg in enumerate(call.args):
        if arg.star:
            raise Refusal(f"`{helper.fn.name.value}` is called with *args or **kwargs")
        param = arg.keyword.value if arg.keyword is not None else (params[i] if i < len(params) else None)
        if param is None:
            raise Refusal(f"`{helper.fn.name.value}` is called with more arguments than it takes")
        if helper.defaulted is not None and param == helper.defaulted[0] and not _same_literal(arg.value,
                                                                                              helper.defaulted[1]):
            raise Refusal(f"`{helper.fn.name.value}` makes its queue in the branch its `{param}` takes by default "
                          f"(`{helper.defaulted[1]}`), and this call gives `{param}` another value; the rewrite "
                          "follows that branch alone")
        if param in helper.tensors:
            bound[param] = arg.value
            if param == first:
                kept.append(arg)  # its value becomes the dataset
        else:
            kept.append(arg)
    if set(bound) != set(helper.tensors):
        raise Refusal(f"`{helper.fn.name.value}` is called without all its tensors")
    if helper.built is not None:  # the helper's choice of list, made on this caller's values
        return _substituted(helper.built[1], bound), kept
    if helper.single:
        return bound[helper.tensors[0]], kept
    return cst.List([cst.Element(bound[t]) for t in helper.tensors]), kept


def _same_literal(value: cst.BaseExpression, default: str) -> bool:
    """``value`` is a literal equal to the literal ``default`` (the code of one)."""
    import ast

    try:
        return ast.literal_eval(cst.Module([]).code_for_node(value)) == ast.literal_eval(default)
    except (ValueError, SyntaxError):
        return False


def _substituted(expr: cst.BaseExpression, bound: dict[str, cst.BaseExpression]) -> cst.BaseExpression:
    """``expr`` with each variable it reads that ``bound`` names replaced by its value there (parenthesized)."""
    mine = {id(n) for n in identifiers(expr) if n.value in bound}

    class _Put(cst.CSTTransformer):
        def leave_Name(self, original, updated):
            if id(original) not in mine:
                return updated
            value = bound[original.value]
            if isinstance(value, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.List, cst.Tuple)):
                return value
            return value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])

    return expr.visit(_Put())


def rewrite_call(helper: BatchHelper, call: cst.Call, kept: list[cst.Arg], dataset: str) -> cst.Call:
    first = next(p.name.value for p in helper.fn.params.params if p.name.value in helper.tensors)
    params = helper.params()
    args = []
    positions = {id(a): i for i, a in enumerate(call.args)}
    for arg in kept:
        param = arg.keyword.value if arg.keyword is not None else params[positions[id(arg)]]
        if param == first and arg.keyword is not None:
            args.append(arg.with_changes(keyword=cst.Name(helper.param), value=cst.Name(dataset)))
        elif param == first:
            args.append(arg.with_changes(value=cst.Name(dataset)))
        else:
            args.append(arg)
    if args:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return call.with_changes(args=args)


def rewrite_helper(helper: BatchHelper, batches, v1: str = "tf") -> cst.FunctionDef:
    """The helper taking ``dataset``; ``batches(args, api, dataset, many)`` writes each batch."""
    fn = helper.fn
    first = next(p.name.value for p in fn.params.params if p.name.value in helper.tensors)
    params = [p.with_changes(name=cst.Name(helper.param)) if p.name.value == first else p
              for p in fn.params.params if p.name.value == first or p.name.value not in helper.tensors]
    if params:
        params[-1] = params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = {s: [] for s in helper.removed}
    for stmt, api, args in helper.batch_stmts:
        small = stmt.body[0]
        many = (helper.built is not None or not helper.single and len(helper.batched or helper.tensors) > 1) and not (
            isinstance(small, cst.Assign) and isinstance(small.targets[0].target, (cst.Tuple, cst.List)))
        new, get_next, _ = batches(args, api, helper.param, many)
        new[0] = new[0].with_changes(leading_lines=stmt.leading_lines)
        replaced[stmt] = [*new, stmt.with_changes(body=[small.with_changes(value=cst.parse_expression(get_next))],
                                                  leading_lines=())]
    if helper.prelude:
        taken = {p.name.value for p in fn.params.params} | names_in(fn.body)
        replaced.update(rewrite_prelude(fn, helper.tensors, helper.prelude, helper.param, v1, taken,
                                        returns=helper.batched))

    class _Swap(cst.CSTTransformer):
        def leave_SimpleStatementLine(self, original, updated):
            if original in replaced:
                return cst.FlattenSentinel(replaced[original]) if replaced[original] else cst.RemoveFromParent()
            return updated

        def leave_If(self, original, updated):  # (the ``if`` choosing a built list: ``BatchHelper.built``)
            if original in replaced:
                return cst.RemoveFromParent()
            return updated

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is fn

    out = fn.visit(_Swap())
    if helper.removed and out.body.body:  # (no blank line left at the top where the queue's statements went)
        first = out.body.body[0]
        lines = list(first.leading_lines)
        while lines and lines[0].comment is None:
            lines.pop(0)
        out = out.with_changes(body=out.body.with_changes(body=[first.with_changes(leading_lines=lines),
                                                                *out.body.body[1:]]))
    return out.with_changes(params=out.params.with_changes(params=params))


def site_pipeline(finder: Finder, helper: BatchHelper, body: list[cst.BaseStatement], index: int,
                  call: cst.Call) -> tuple[Pipeline, list[cst.Arg]]:
    tensors, kept = caller_tensors(helper, call)
    api = helper.batch_stmts[0][1]
    args = {"tensors": tensors}
    if helper.many:  # the caller's tensors are groups of rows: its dataset is of the rows (``Generator.elements``)
        args["enqueue_many"] = cst.Name("True")
    pipeline = finder.pipeline(body, index, api=api, args=args)
    for stmt in pipeline.intermediates:  # (the caller's rows are batches of a batch of its own: not per-record code)
        for node in nodes_of(stmt, cst.Call):
            batch = finder.is_api(node, *BATCHES, *JOINS)
            if batch is not None:
                raise Refusal(f"the tensors handed to `{helper.fn.name.value}` come from a `{batch}` of the caller's "
                              "own, which is no per-record code a map function can run")
    return pipeline, kept
