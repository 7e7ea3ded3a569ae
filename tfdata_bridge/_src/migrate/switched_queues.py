"""A queue that reads, at each run, whichever of several input producers its index selects: the Stack Overflow
train/validation switch (``QueueBase.from_list``), rewritten as one iterator per producer's dataset and the
selected one's ``get_next`` at each run:

    train_q = tf.train.string_input_producer(train_files, shuffle=False)
    valid_q = tf.train.string_input_producer(valid_files, shuffle=False)
    is_training = tf.placeholder(tf.bool)
    selector = tf.cond(is_training, lambda: tf.constant(0), lambda: tf.constant(1))   # (or an int placeholder)
    q = tf.QueueBase.from_list(selector, [train_q, valid_q])
    names = q.dequeue_many(batch_size)           # (or in a helper of the module handed ``q``, called once)

becomes

    train_q = tf.data.Dataset.from_tensor_slices(train_files).repeat()
    valid_q = tf.data.Dataset.from_tensor_slices(valid_files).repeat()
    ...
    q = (selector, [train_q, valid_q])
    names = tf.switch_case(q[0], [tf.data.make_one_shot_iterator(
        dataset.batch(batch_size, drop_remainder=True)).get_next for dataset in q[1]])

Legacy's dequeue from the ``from_list`` queue takes from the selected queue only, each producer keeping its own
position (its epochs, its shuffle, its runner): each dataset has its own iterator, made once where the dequeue op
was made, and ``switch_case`` runs only the selected branch's ``get_next`` (checked in graph mode with control
flow v2 and v1, TensorFlow 2.21). ``dequeue_many(n)`` is ``batch(n, drop_remainder=True)`` (a closed queue ends
with fewer than ``n`` left, as the dataset drops them), ``dequeue_up_to(n)`` is ``batch(n)``, ``dequeue()`` the
element. Exact only where the queue is dequeued at one place, once (not in a loop, one call of the helper), each
producer is read only through this queue, and nothing else uses it (its size, an enqueue, a close); anything
else is left, the reason said at the queue (``queue_reasons.py``).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider, QualifiedNameProvider

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, code_of, fresh_name, is_none, literal_bool, \
    name_counts, names_in, nodes_of, v1_prefix, wrapped
from tfdata_bridge._src.migrate.results import Note, PipelineOutcome

_PRODUCERS = {
    "string_input_producer": ("string_tensor", "num_epochs", "shuffle", "seed", "capacity", "shared_name", "name",
                              "cancel_op"),
    "input_producer": ("input_tensor", "element_shape", "num_epochs", "shuffle", "seed", "capacity", "shared_name",
                       "summary_name", "name", "cancel_op"),
    "range_input_producer": ("limit", "num_epochs", "shuffle", "seed", "capacity", "shared_name", "name"),
}
_DEQUEUES = ("dequeue", "dequeue_many", "dequeue_up_to")
_LOOPS = (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Lambda)


def _paths(module: cst.Module):
    """The TensorFlow paths a call of ``module`` names (``"...train.string_input_producer"``), by its qualified
    names through the module's imports."""
    names = wrapped(module).resolve(QualifiedNameProvider)

    def paths(call: cst.BaseExpression) -> set[str]:
        if not isinstance(call, cst.Call):
            return set()
        got = names.get(call.func, ())
        return {q.name for q in (got() if callable(got) else got) if q.name.startswith("tensorflow.")}
    return paths


def _is_from_list(call: cst.BaseExpression, roots) -> bool:
    return any(p.endswith(".QueueBase.from_list") for p in roots(call))


def _producer(call: cst.BaseExpression, roots) -> str | None:
    return next((p.rsplit(".", 1)[1] for p in roots(call) if p.rsplit(".", 1)[1] in _PRODUCERS
                 and p.rsplit(".", 2)[1] == "train"), None)


def _assign(stmt: cst.CSTNode) -> cst.Assign | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name):
        return stmt.body[0]
    return None


def _inside(node: cst.CSTNode, holders) -> bool:
    return any(any(n is node for n in nodes_of(h, type(node))) for h in holders)


def _dequeue_of(fn: cst.CSTNode, name: str) -> cst.Call:
    """The one ``name.dequeue*(...)`` of ``fn``, where ``name`` is used by nothing else."""
    calls = [c for c in nodes_of(fn, cst.Call) if isinstance(c.func, cst.Attribute)
             and isinstance(c.func.value, cst.Name) and c.func.value.value == name]
    if len(calls) != 1 or calls[0].func.attr.value not in _DEQUEUES:
        raise Refusal(f"`{name}` is used by other than one `dequeue`/`dequeue_many`/`dequeue_up_to`")
    if _inside(calls[0], [*nodes_of(fn, _LOOPS[0]), *(n for k in _LOOPS[1:] for n in nodes_of(fn, k))]):
        raise Refusal(f"the dequeue of `{name}` is in a loop (one op read again and again, not one iterator)")
    return calls[0]


class _Plan:
    def __init__(self) -> None:
        self.replace: dict[cst.CSTNode, cst.CSTNode] = {}
        self.notes: list[str] = []
        self.foreign: tuple[cst.FunctionDef, cst.FunctionDef] | None = None  # (another module's helper, its new)


def _plan(module: cst.Module, fn: cst.FunctionDef | cst.Module, stmt: cst.SimpleStatementLine, v1: str, roots,
          external=None) -> _Plan:
    """The changes that rewrite the ``from_list`` queue of ``stmt`` (in ``fn``), or a Refusal saying why not."""
    assign = _assign(stmt)
    call = assign.value
    plan = _Plan()
    q = assign.targets[0].target.value
    args = bind_params(call, ("index", "queues"), "QueueBase.from_list")
    if set(args) != {"index", "queues"} or not isinstance(args["queues"], (cst.List, cst.Tuple)):
        raise Refusal("the queues `from_list` selects from are not written as a list of names")
    sources = [el.value for el in args["queues"].elements]
    if len(sources) < 2 or any(not isinstance(s, cst.Name) for s in sources) or \
            any(isinstance(el, cst.StarredElement) for el in args["queues"].elements):
        raise Refusal("the queues `from_list` selects from are not written as a list of names")
    counts = name_counts(fn)
    loops = [n for k in _LOOPS for n in nodes_of(fn, k)] if isinstance(fn, cst.FunctionDef) else \
        [n for k in _LOOPS for n in nodes_of(module, k)]
    if _inside(stmt, loops):
        raise Refusal("the `from_list` queue is made in a loop")
    stmts = [s for s in nodes_of(fn, cst.SimpleStatementLine)]
    for s in sources:
        name = s.value
        made = [x for x in stmts if (a := _assign(x)) is not None and a.targets[0].target.value == name]
        if len(made) != 1 or counts[name] != 2 or stmts.index(made[0]) > stmts.index(stmt):
            raise Refusal(f"`{name}` is not an input producer made once before the queue and read only by it")
        producer = _producer(made[0].body[0].value, roots)
        if producer is None:
            raise Refusal(f"`{name}` is not an input producer (`string_input_producer`, `input_producer`, "
                          "`range_input_producer`): a queue the rewrite does not make a dataset of")
        if _inside(made[0], loops):
            raise Refusal(f"`{name}` is made in a loop")
        plan.replace[made[0].body[0].value] = _dataset(made[0].body[0].value, producer, v1, plan.notes)
    if counts[q] < 2:
        raise Refusal(f"`{q}` is not dequeued")
    dequeue = None
    for c in nodes_of(fn, cst.Call):
        if isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and c.func.value.value == q:
            if dequeue is not None or c.func.attr.value not in _DEQUEUES:
                raise Refusal(f"`{q}` is read by more than one dequeue, or by other than a dequeue")
            dequeue = (fn, _dequeue_of(fn, q), None)
        elif any(isinstance(a.value, cst.Name) and a.value.value == q for a in c.args):
            if dequeue is not None:
                raise Refusal(f"`{q}` is read at more than one place")
            if _inside(c, loops):
                raise Refusal(f"the call handing `{q}` to a helper is in a loop")
            dequeue = _helper_dequeue(module, c, q, external)
    if dequeue is None or counts[q] != 2:
        raise Refusal(f"`{q}` is used by other than one dequeue, or one call of a helper that dequeues it")
    home, deq, foreign = dequeue
    if any(a.keyword is not None and a.keyword.value == "name" for a in deq.args):
        raise Refusal("the dequeue is named (`name=`), and a lookup by that name finds no op in the rewrite")
    spell = v1 if foreign is None else v1_prefix(foreign)
    if spell is None:
        raise Refusal("the helper's module imports no `tensorflow` module to spell the iterators with")
    param = deq.func.value.value
    taken = names_in(home) | names_in(module)
    element = fresh_name("dataset", taken) if "dataset" in taken else "dataset"
    method = deq.func.attr.value
    if method == "dequeue":
        if deq.args:
            raise Refusal("`dequeue` is called with arguments")
        chain = element
    else:
        n = bind_params(deq, ("n", "name"), method)
        if set(n) != {"n"}:
            raise Refusal(f"`{method}` is called with arguments the rewrite does not know")
        size = (foreign or module).code_for_node(n["n"])
        chain = f"{element}.batch({size}, drop_remainder=True)" if method == "dequeue_many" else \
            f"{element}.batch({size})"
    selected = cst.parse_expression(
        f"{spell}.switch_case({param}[0], [\n    {spell}.data.make_one_shot_iterator({chain}).get_next\n"
        f"    for {element} in {param}[1]])")
    if foreign is None:
        plan.replace[deq] = selected
    else:
        plan.foreign = (home, home.deep_replace(deq, selected))
    index = module.code_for_node(args["index"])
    listed = ", ".join(s.value for s in sources)
    comment = cst.EmptyLine(comment=cst.Comment(
        f"# ({module.code_for_node(args['index']).strip()}, the datasets it selects from): "
        "was a `QueueBase.from_list` queue"))
    plan.replace[stmt] = stmt.with_changes(
        leading_lines=[*stmt.leading_lines, comment],
        body=[assign.with_changes(value=cst.parse_expression(f"({index}, [{listed}])"))])
    plan.notes.append(f"`{q}` (`QueueBase.from_list`) is the pair (index, datasets): each dataset has its own "
                      "iterator, made where the dequeue was, and the selected one's `get_next` runs at each run "
                      "(`switch_case`); an index out of range takes the last dataset, where legacy failed the run")
    return plan


def _helper_dequeue(module: cst.Module, call: cst.Call, q: str, external
                    ) -> tuple[cst.FunctionDef, cst.Call, cst.Module | None]:
    """The helper ``call`` hands ``q`` to, its one dequeue of the parameter, and the helper's module where it is
    another module of the tree (None: this one)."""
    home = None
    if isinstance(call.func, cst.Name) and name_counts(module)[call.func.value] == 2 and \
            len([s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == call.func.value]) == 1:
        name = call.func.value
        fn = next(s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name)
    else:
        name = module.code_for_node(call.func)
        found = getattr(external, "home", None)
        found = found(call.func) if found is not None else None
        if found is None:
            raise Refusal(f"`{q}` is handed to `{name}`, which is not a function of this module called once (nor "
                          "one of another module of the tree)")
        fn, home, _, why = found
        if why is not None:
            raise Refusal(why)
    if fn.decorators or fn.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or fn.params.star_kwarg or \
            nodes_of(fn, cst.Global) or nodes_of(fn, cst.Nonlocal):
        raise Refusal(f"`{name}` takes `*args`/`**kwargs`, is decorated, or declares globals")
    params = [p.name.value for p in fn.params.params]
    at = [i for i, a in enumerate(call.args) if isinstance(a.value, cst.Name) and a.value.value == q]
    arg = call.args[at[0]]
    if arg.star:
        raise Refusal(f"`{q}` is handed to `{name}` unpacked")
    param = arg.keyword.value if arg.keyword is not None else params[at[0]] if at[0] < len(params) else None
    if param is None or param not in params:
        raise Refusal(f"`{q}` is handed to `{name}` as an argument the rewrite does not place")
    if name_counts(fn)[param] != 2:
        raise Refusal(f"`{name}` uses its parameter `{param}` by other than one dequeue")
    return fn, _dequeue_of(fn, param), home


def _dataset(call: cst.Call, producer: str, v1: str, notes: list[str]) -> cst.BaseExpression:
    args = bind_params(call, _PRODUCERS[producer], producer)
    for key in ("shared_name", "cancel_op"):
        if not is_none(args.get(key)):
            raise Refusal(f"the producer is given `{key}=`")
    code = lambda node: cst.Module([]).code_for_node(node)  # noqa: E731
    first = _PRODUCERS[producer][0]
    if first not in args:
        raise Refusal(f"`{producer}` is called without `{first}`")
    value = code(args[first])
    if producer == "range_input_producer":
        head, size = f"{v1}.data.Dataset.range({value}, output_type={v1}.int32)", f"{v1}.cast({value}, {v1}.int64)"
    else:
        head = f"{v1}.data.Dataset.from_tensor_slices({value})"
        size = f"{v1}.shape({value}, out_type={v1}.int64)[0]"
        if producer == "string_input_producer":
            size = f"{v1}.size({value}, out_type={v1}.int64)"
    shuffle = literal_bool(args.get("shuffle"), True, f"`{producer}`'s shuffle")
    if isinstance(args.get(first), cst.List) and len(args[first].elements) == 1:
        shuffle = False
    steps = []
    if shuffle:
        seed = "" if is_none(args.get("seed")) else f", seed={code(args['seed'])}"
        steps.append(f".shuffle({size}{seed}, reshuffle_each_iteration=True)")
        notes.append(f"each epoch of `{producer}` is a fresh shuffle of its elements, not legacy's permutation")
    epochs = "" if is_none(args.get("num_epochs")) else code(args["num_epochs"])
    steps.append(f".repeat({epochs})")
    return cst.parse_expression(head + "".join(steps))


class _Replace(cst.CSTTransformer):
    def __init__(self, replace: dict) -> None:
        self.map = replace

    def on_leave(self, original, updated):
        new = self.map.get(original)
        return new if new is not None else updated


def _sites(module: cst.Module, roots):
    """(the function or module holding it, the statement) of each ``x = ...QueueBase.from_list(...)``."""
    holders = [module, *nodes_of(module, cst.FunctionDef)]
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        a = _assign(stmt)
        if a is None or not _is_from_list(a.value, roots):
            continue
        inner = [f for f in holders[1:] if any(s is stmt for s in nodes_of(f, cst.SimpleStatementLine))]
        yield (inner[-1] if inner else module), stmt


def switch_reason(module: cst.Module, stmt: cst.CSTNode, external=None) -> str | None:
    """Why the ``from_list`` queue of ``stmt`` is not rewritten (None where it is)."""
    roots = _paths(module)
    v1 = v1_prefix(module)
    for fn, at in _sites(module, roots):
        if at is stmt:
            if v1 is None:
                return "the module imports no `tensorflow` module to spell the datasets with"
            try:
                _plan(module, fn, at, v1, roots, external)
            except Refusal as e:
                return str(e)
            return None
    return ("the queue is not bound to one plain name (an attribute, one of several targets): its reads are "
            "followed only from a name")


def switched_queues(module: cst.Module, external=None, requests: list | None = None
                    ) -> tuple[cst.Module, list[Note], list[PipelineOutcome]] | None:
    """``module`` with each ``from_list`` queue of the form above rewritten (None where there is none).
    ``external``: the tree's lookups, a helper of another module dequeuing the queue being turned by
    ``requests`` (``tree.py``: (the helper, its new form, the line); without ``requests`` it is left)."""
    if "from_list" not in code_of(module):
        return None
    roots = _paths(module)
    v1 = v1_prefix(module)
    if v1 is None:
        return None
    replace: dict = {}
    notes: list[Note] = []
    outcomes: list[PipelineOutcome] = []
    lines = wrapped(module).resolve(PositionProvider)
    for fn, stmt in _sites(module, roots):
        try:
            plan = _plan(module, fn, stmt, v1, roots, external)
        except Refusal:
            continue
        if any(k in replace for k in plan.replace) or plan.foreign is not None and requests is None:
            continue
        replace.update(plan.replace)
        line = lines[stmt].start.line
        if plan.foreign is not None:
            requests.append((*plan.foreign, line))
        outcomes.append(PipelineOutcome(line, "QueueBase.from_list", True, "; ".join(plan.notes)))
        notes.extend(Note(line, n, "info") for n in plan.notes)
    if not replace:
        return None
    return module.visit(_Replace(replace)), notes, outcomes
