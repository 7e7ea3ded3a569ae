"""``batch_join`` / ``shuffle_batch_join`` over lists that are each a whole pipeline of their own.

    def table_to_slices(path, rows, shuffle=False):            # a module-level function (or another module's)
        ...
        batch_id = tf.train.range_input_producer(n, shuffle=shuffle, num_epochs=1).dequeue()
        examples = tf.py_func(slice_rows, [batch_id], dtypes, stateful=False)
        for t in examples:
            t.set_shape([None])
        return dict(zip(keys, examples))

    lists = [table_to_slices(path, 8) for path in paths]
    batch = tf.train.batch_join(lists, 16, enqueue_many=True, allow_smaller_final_batch=True)

Legacy runs one thread per list, each enqueuing what its own pipeline makes, in that pipeline's order; the
lists compete for the queue, so the batches hold every list's elements once, interleaved as the threads'
timing decides, and end when every list has ended. The function becomes one returning its pipeline's dataset
(its source and per-element code, as for a batch: ``Generator.elements``), so the list is a list of datasets,
and the join becomes ``choose_from_datasets`` over them in turn, skipping those that ended (each value of a
list whole, as one enqueue put it: an order legacy could give), ``unbatch()`` for ``enqueue_many``, then the
batch's chain: the same multiset, the same batch sizes, the same end.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst
from libcst.metadata import GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, is_none, literal_bool, namer, nodes_of


@dataclass
class ListJoin:
    removed: list[cst.CSTNode]  # the function's statements that moved into its dataset
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = field(default_factory=dict)
    comment: str = ""
    helper: tuple[cst.FunctionDef, cst.FunctionDef] | None = None  # another module's function, and its new form
    pipeline: object = None  # the list function's pipeline (its reader helper: the caller's to take)


def list_join(finder, gen, body: list[cst.BaseStatement], index: int, api: str,
              args: dict[str, cst.BaseExpression], comment_lines) -> ListJoin:
    """The rewrite of the join at ``body[index]`` (bound ``args``) whose lists one function makes each, or a
    ``Refusal`` saying why not. ``comment_lines(text)``: the comment lines heading generated code."""
    stmt = body[index]
    lists = args.get("tensors_list")
    call, list_name = _made_lists(finder, stmt, lists)
    if not (isinstance(call, cst.Call) and isinstance(call.func, (cst.Name, cst.Attribute))):
        raise Refusal("each list is not a call of a function of this module")
    if any(a.star for a in call.args):
        raise Refusal(f"`{cst.Module([]).code_for_node(call.func)}` is called with *args or **kwargs")
    fn = finder.scopes.module_function(stmt, call.func.value) if isinstance(call.func, cst.Name) else None
    home, home_gen = finder, gen
    method = _one_method(finder, call) if fn is None and isinstance(call.func, cst.Attribute) else None
    if method is not None:  # ``[gauge.reading() for gauge in gauges]``: named once in its module
        fn = method
    elif fn is None:  # a function of another module of the migrated tree (the tree counts its other uses)
        found = finder.external(call.func) if finder.external is not None else None
        if found is None:
            raise Refusal("each list is not a call of a function of this module")
        fn, home = found
        home_gen = home_generator(gen, home)
    elif len(finder.scopes.callers(fn)) != 1:
        raise Refusal(f"`{fn.name.value}` is also called beyond the join's list; it cannot return a dataset")
    if not is_none(args.get("shared_name")):
        raise Refusal(f"`{api}` with shared_name= over lists of pipelines is not rewritten")
    many = literal_bool(args.get("enqueue_many"), False, "enqueue_many")
    stmts = _flat(list(fn.body.body))  # (``with tf.name_scope(...):`` around it all: its statements in place)
    last = stmts[-1] if stmts else None
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0], cst.Return)
            and last.body[0].value is not None):
        raise Refusal(f"`{fn.name.value}` does not end with one `return` of its tensors")
    returned = last.body[0].value
    try:
        # (the join's shapes=, set on each element where the function makes it: ``queue_shapes.py``)
        shaped = {} if is_none(args.get("shapes")) else {"shapes": _moved_shapes(finder, stmt, home, last, api,
                                                                                   args["shapes"], call)}
        p = home.pipeline(stmts, len(stmts) - 1, "train.batch", {"tensors": returned, **shaped})
    except Refusal as exc:
        raise Refusal(f"`{fn.name.value}` makes each list, but its pipeline is not one the rewrite knows: {exc}")
    s = p.source
    # (a reader helper given the function's own file queue becomes a function of the record, as for a batch: the
    # caller takes it, ``to_tfdata._take_helpers``; only where the list function is this module's own)
    if s.helper is not None and (home is not finder or s.helper.record is not None) or s.prefetch is not None or \
            s.inlined or s.removes or s.foreign or p.originals is not None or s.kind == "py_func" or \
            s.passed is not None:  # (a file queue handed in, its callers' one queue: not one source per list)
        # (a zero-input py_func called by several threads: its calls interleave; not one sequence per list)
        raise Refusal(f"`{fn.name.value}` reads its list's elements through a form a list's dataset does not "
                      "take (a reader helper of another module's list function, a hand-built queue, a zero-input "
                      "py_func); not rewritten")
    new, dataset, notes = home_gen.elements(p)
    removed: list[cst.CSTNode] = [*s.statements, *p.intermediates]
    replaced: dict[cst.CSTNode, list[cst.BaseStatement]] = {}
    new[0] = new[0].with_changes(leading_lines=[*(last.leading_lines or [cst.EmptyLine(indent=False)]),
                                                *comment_lines(f"tfdata-bridge migrate: `{fn.name.value}` returns "
                                                               "its list's dataset, which the join chooses from")])
    replaced[last] = [*new, last.with_changes(body=[cst.Return(cst.Name(dataset))], leading_lines=())]
    helper = None
    if home is not finder:  # the new function goes to its module through the tree
        helper = (fn, fn.visit(_Moved(removed, replaced)))
        removed, replaced = [], {}
    v1 = gen.v1
    head: list[cst.BaseStatement] = []
    if list_name is None:  # the list written in the join call: named first, since the choice counts it
        list_name = gen.fresh("datasets")
        head.append(cst.parse_statement(f"{list_name} = {gen.code(lists)}\n"))
    combined = gen.fresh("lists_dataset")
    choose = (f"{v1}.data.Dataset.choose_from_datasets(\n    {list_name}, {v1}.data.Dataset.range(len({list_name}))"
              f".repeat(), stop_on_empty_dataset=False)" + (".unbatch()" if many else ""))
    head.append(cst.parse_statement(f"{combined} = {choose}\n"))
    batch_api = "train.shuffle_batch" if "shuffle" in api else "train.batch"
    small = stmt.body[0]
    targets = small.targets[0].target if isinstance(small, cst.Assign) else None
    listed = isinstance(returned, (cst.List, cst.Tuple)) and len(returned.elements) > 1 and \
        not isinstance(targets, (cst.Tuple, cst.List))  # legacy gave a list
    batched, get_next, accepted = gen.batches({k: v for k, v in args.items() if k != "tensors_list"}, batch_api,
                                              combined, listed)
    short = api.rsplit(".", 1)[-1]
    apis = ", ".join(sorted({short, *gen._source_apis(p)}))
    comment = (f"tfdata-bridge migrate: {apis} rewritten to tf.data; the lists `{fn.name.value}` made, one "
               "thread each, become its datasets chosen in turn: every list's elements once, the same batch sizes, "
               "in an order the competing threads could give")
    accepted = [*notes, *accepted]
    if accepted:
        comment += "; accepted: " + "; ".join(accepted)
    out = [*head, *batched, stmt.with_changes(body=[small.with_changes(value=cst.parse_expression(get_next))],
                                             leading_lines=())]
    out[0] = out[0].with_changes(leading_lines=[*stmt.leading_lines, *comment_lines(comment)])
    replaced[stmt] = out
    return ListJoin(removed, replaced, comment, helper, p)


def _moved_shapes(finder, stmt: cst.CSTNode, home, last: cst.CSTNode, api: str,
                  shapes: cst.BaseExpression, call: cst.Call | None = None) -> cst.BaseExpression:
    """The join's ``shapes=`` (written at ``stmt``), which the rewrite sets in the list function (whose return is
    ``last``): names in it must mean the same module-level values at both places. For a list function of another
    module (``mod.make(x)``), ``mod.shape`` in it is that module's own ``shape``: written so there."""
    from libcst.metadata import GlobalScope

    from tfdata_bridge._src.migrate.calls import names_in

    names = names_in(shapes)
    if not names:
        return shapes
    if home is not finder:
        return _shapes_of_home(finder, stmt, home, last, api, shapes, call)
    for at in (stmt, last):
        scope = finder.scopes.scope(at)
        for name in names:
            found = list(scope[name]) if scope is not None else []
            if not found or not all(isinstance(a.scope, GlobalScope) for a in found):
                raise Refusal(f"`{api}`'s shapes= reads `{name}`, which is not one module-level value where the "
                              "list function makes each element; not rewritten")
    return shapes


def _shapes_of_home(finder, stmt: cst.CSTNode, home, last: cst.CSTNode, api: str, shapes: cst.BaseExpression,
                    call: cst.Call | None) -> cst.BaseExpression:
    """``shapes`` written in the list function's own module ``home``: each name it reads must be ``mod.attr``,
    ``mod`` the module-level name the list call ``mod.make(...)`` reaches ``home`` through, and ``attr`` one
    module-level value of ``home`` where the function returns (else a ``Refusal``)."""
    from libcst.metadata import GlobalScope

    from tfdata_bridge._src.migrate.calls import names_in

    why = Refusal(f"`{api}` with shapes= naming values of its own module over lists a function of another module "
                  "makes is not rewritten (only that module's own values, read as `module.value`)")
    prefix = call.func.value if call is not None and isinstance(call.func, cst.Attribute) else None
    if prefix is None:
        raise why
    code = cst.Module([]).code_for_node
    head = code(prefix)
    at = finder.scopes.scope(stmt)
    for name in names_in(prefix):  # (the module's name, bound at module level alone where the join is)
        found = list(at[name]) if at is not None else []
        if not found or not all(isinstance(a.scope, GlobalScope) for a in found):
            raise why
    attrs: list[str] = []

    class _Home(cst.CSTTransformer):
        def __init__(self, blank: bool) -> None:
            super().__init__()
            self.blank = blank

        def leave_Attribute(self, original, updated):
            if code(original.value) == head:
                attrs.append(original.attr.value)
                return cst.Integer("0") if self.blank else cst.Name(original.attr.value)
            return updated

    if names_in(shapes.visit(_Home(True))):  # (a name read beyond ``mod.attr``: a value of this module)
        raise why
    left = shapes.visit(_Home(False))
    scope = home.scopes.scope(last)
    for name in attrs:  # (one module-level value there, not a local of the function)
        found = list(scope[name]) if scope is not None else []
        if not found or not all(isinstance(a.scope, GlobalScope) for a in found):
            raise why
    return left


def _flat(stmts: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    out: list[cst.BaseStatement] = []
    for stmt in stmts:
        out += _flat(list(stmt.body.body)) if isinstance(stmt, cst.With) and \
            isinstance(stmt.body, cst.IndentedBlock) else [stmt]
    return out


def _one_method(finder, call: cst.Call) -> cst.FunctionDef | None:
    """The method ``obj.name(...)`` calls, where the module's classes define one ``name`` (a plain method, of
    ``self`` and no more parameters than the call gives) and nothing else in the module names ``.name``: each
    list made by one object's method (held-out round 21's gauges, one pipeline per file)."""
    if not isinstance(call.func.value, cst.Name):
        return None
    name = call.func.attr.value
    module = finder.module
    if not isinstance(module, cst.Module):
        return None
    found = [f for c in module.body if isinstance(c, cst.ClassDef) for f in c.body.body
             if isinstance(f, cst.FunctionDef) and f.name.value == name]
    named = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == name]
    if len(found) != 1 or len(named) != 1 or named[0] is not call.func:
        return None
    fn = found[0]
    params = fn.params
    if fn.decorators or fn.asynchronous or params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or \
            params.star_kwarg is not None or params.kwonly_params or params.posonly_params or \
            not params.params or params.params[0].name.value != "self" or len(params.params) != 1 + len(call.args):
        return None
    if any(a.keyword is not None for a in call.args):
        return None
    return fn


def home_generator(gen, home):
    """A generator writing into the module of ``home`` (another module's Finder): its own prefix for
    ``tensorflow.compat.v1``, its own fresh names."""
    from tfdata_bridge._src.migrate.calls import v1_spelling

    module = home.module
    if not isinstance(module, cst.Module):
        raise Refusal("the function's module is not known to write tf.data in")
    # (one importing no alias, ``from tensorflow.compat.v1 import train``: the one its own rewrite adds)
    v1 = v1_spelling(module, home.refs)[0]
    taken = {*home.refs, v1.split(".", 1)[0]}

    fresh = namer(taken)

    return type(gen)(v1, home.code, fresh, lambda features: False, lambda n: home.paths.get(n))


class _Moved(cst.CSTTransformer):
    """A function with the statements that moved gone and its ``return`` replaced."""

    def __init__(self, removed: list[cst.CSTNode], replaced: dict[cst.CSTNode, list[cst.BaseStatement]]):
        super().__init__()
        self.removed = {id(n) for n in removed}
        self.replaced = {id(k): v for k, v in replaced.items()}

    def leave_SimpleStatementLine(self, original, updated):
        if id(original) in self.removed:
            return cst.RemovalSentinel.REMOVE
        if id(original) in self.replaced:
            return cst.FlattenSentinel(self.replaced[id(original)])
        return updated

    def leave_For(self, original, updated):
        return cst.RemovalSentinel.REMOVE if id(original) in self.removed else updated

    def leave_IndentedBlock(self, original, updated):
        if not updated.body:
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated


def _made_lists(finder, stmt: cst.CSTNode, lists: cst.BaseExpression | None
                ) -> tuple[cst.BaseExpression, str | None]:
    """(the expression making each list, the name the lists are bound to or None): ``[make(x) for x in xs]``
    written in the call or bound to a name, or ``name = []`` then one ``for x in xs: name.append(make(x))``."""
    if isinstance(lists, cst.ListComp):
        comp, name = lists, None
    elif isinstance(lists, cst.Name):
        name = lists.value
        made = finder.scopes.single_assignment(stmt, name)
        comp = made.body[0].value if made is not None else None
        returned = _returned_list(finder, made, name) if made is not None else None
        if returned is not None:
            for ref in finder.scopes.readers_of(made, name):
                if ref is not lists and not _counted(finder, made, ref):
                    raise Refusal(f"the list `{name}` is used beyond the join (other than `len({name})`); its "
                                  "elements become datasets")
            return returned, name
        appended = _appended(finder, made, name) if isinstance(comp, cst.List) and not comp.elements else None
        if appended is None and not isinstance(comp, cst.ListComp):
            raise Refusal(_not_made_why(finder, made, name, comp))
        readers = finder.scopes.readers_of(made, name)
        if appended is not None and not any(ref is appended[1] for ref in readers):
            appended = None  # another binding's loop
        if appended is None and not isinstance(comp, cst.ListComp):
            raise Refusal(_not_made_why(finder, made, name, comp))
        for ref in readers:
            if ref is not lists and not _counted(finder, made, ref) and (appended is None or ref is not appended[1]):
                raise Refusal(f"the list `{name}` is used beyond the join (other than `len({name})`); its elements "
                              "become datasets")
        if appended is not None:
            return appended[0], name
    else:
        raise Refusal("the tensors list is neither a name nor a list comprehension")
    if comp.for_in.inner_for_in is not None or comp.for_in.ifs or comp.for_in.asynchronous is not None:
        raise Refusal("the lists' comprehension has more than one `for` and no `if`")
    return comp.elt, name


def _not_made_why(finder, made: cst.CSTNode | None, name: str, comp: cst.BaseExpression | None) -> str:
    """Why the lists bound to ``name`` are not each one call of a pipeline function: said of the form the
    program has (a loop that computes per-element code before its ``append`` is a loop filling the list, but
    not with one call per pass)."""
    node = getattr(finder.scopes.scope(made), "node", None) if made is not None else None
    if isinstance(comp, cst.List) and not comp.elements and node is not None:
        for loop in nodes_of(node, cst.For):
            appends = [c for c in nodes_of(loop.body, cst.Call) if isinstance(c.func, cst.Attribute)
                       and c.func.attr.value == "append" and isinstance(c.func.value, cst.Name)
                       and c.func.value.value == name]
            if appends:
                return (f"`{name}` is filled by a loop whose body does more than `{name}.append(make(...))`: "
                        "its per-element code runs in the loop, so each list is not one call of a function that "
                        "makes a whole pipeline")
    return f"`{name}` is not one list comprehension, nor a list filled by one loop, made before the join"


def _returned_list(finder, made: cst.SimpleStatementLine, name: str) -> cst.BaseExpression | None:
    """What each pass appends, where ``made`` is ``name = fill(...)`` (or ``a, name = fill(...)``) and ``fill``, a
    module function called once and undecorated, makes its list ``inner = []``, fills it by one loop whose whole
    body is ``inner.append(make(...))``, reads it nowhere else and ends in its one ``return`` of it (alone, or
    at ``name``'s place in a tuple): the join's lists are made there, one call per pass, as in the caller."""
    small = made.body[0]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1 or not isinstance(small.value, cst.Call) or \
            not isinstance(small.value.func, (cst.Name, cst.Attribute)):
        return None
    target = small.targets[0].target
    if isinstance(target, cst.Name):
        place = None
    elif isinstance(target, cst.Tuple) and all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name)
                                                for e in target.elements):
        names = [e.value.value for e in target.elements]
        if names.count(name) != 1:
            return None
        place = names.index(name)
    else:
        return None
    if isinstance(small.value.func, cst.Name):
        fill = finder.scopes.module_function(made, small.value.func.value)
        if fill is None or len(finder.scopes.callers(fill)) != 1:
            return None
    else:  # ``self._fill()`` in a method of the class defining ``_fill``, named once in the module
        fill = _one_method(finder, small.value)
        caller = getattr(finder.scopes.scope(made), "node", None)
        owner = next((c for c in nodes_of(finder.module, cst.ClassDef) if isinstance(c.body, cst.IndentedBlock)
                      and any(f is fill for f in c.body.body)), None) if fill is not None else None
        if owner is None or not isinstance(caller, cst.FunctionDef) or not any(f is caller for f in owner.body.body) \
                or not caller.params.params or caller.params.params[0].name.value != small.value.func.value.value:
            return None
    if fill is None or fill.decorators or not isinstance(fill.body, cst.IndentedBlock) or \
            len(nodes_of(fill.body, cst.Return)) != 1:
        return None
    last = fill.body.body[-1]
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(ret, cst.Return):
        return None
    value = ret.value
    if place is None and not isinstance(value, cst.Name):
        return None
    if place is not None:
        if not isinstance(value, cst.Tuple) or len(value.elements) != len(target.elements) or \
                any(not isinstance(e, cst.Element) for e in value.elements):
            return None
        value = value.elements[place].value
    if not isinstance(value, cst.Name):
        return None
    inner = finder.scopes.single_assignment(last, value.value)
    if inner is None or not isinstance(inner.body[0], cst.Assign) or \
            not isinstance(inner.body[0].value, cst.List) or inner.body[0].value.elements:
        return None
    appended = _appended(finder, inner, value.value)
    if appended is None:
        return None
    if any(ref is not value and ref is not appended[1] for ref in finder.scopes.readers_of(inner, value.value)):
        return None
    # (the list function named as the caller names it: a module-level name, not one ``fill`` binds)
    call = appended[0]
    base = call.func if isinstance(call, cst.Call) and isinstance(call.func, cst.Name) else \
        call.func.value if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
        isinstance(call.func.value, cst.Name) else None
    scope = finder.scopes.scope(inner)
    if base is None or scope is None or scope is finder.scopes.scope(made) or \
            any(not isinstance(a.scope, GlobalScope) for a in scope[base.value]):
        return None
    return call


def _appended(finder, made: cst.CSTNode, name: str) -> tuple[cst.BaseExpression, cst.Name] | None:
    """(what is appended, the list's name there) for the one loop after ``made`` whose whole body is
    ``name.append(value)``: one list per pass."""
    node = getattr(finder.scopes.scope(made), "node", None)
    if node is None:
        return None
    found = []
    for loop in nodes_of(node, cst.For):
        block = loop.body.body if isinstance(loop.body, cst.IndentedBlock) else ()
        if len(block) != 1 or loop.orelse is not None or not isinstance(block[0], cst.SimpleStatementLine) or \
                len(block[0].body) != 1 or not isinstance(block[0].body[0], cst.Expr):
            continue
        call = block[0].body[0].value
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" \
                and isinstance(call.func.value, cst.Name) and call.func.value.value == name and len(call.args) == 1 \
                and call.args[0].keyword is None and not call.args[0].star:
            found.append((call.args[0].value, call.func.value))
    return found[0] if len(found) == 1 else None


def _counted(finder, made: cst.CSTNode, ref: cst.Name) -> bool:
    """``ref`` is the one argument of a ``len(...)`` call."""
    for call in _calls_of_len(finder, made):
        if len(call.args) == 1 and call.args[0].value is ref:
            return True
    return False


def _calls_of_len(finder, made: cst.CSTNode) -> list[cst.Call]:
    node = getattr(finder.scopes.scope(made), "node", None)
    if node is None:
        return []
    return [c for c in nodes_of(node, cst.Call) if isinstance(c.func, cst.Name) and c.func.value == "len"]
