"""The reason for a batch whose tensor list grows inside an ``if`` or a loop before the batch (round 17).

    tensors = [doc_id, text, topic]
    if options.with_length:
        tensors.append(tf.size(words))
    return tf.train.batch(tensors, ...)

The recogniser follows straight-line code back from the batch; a list changed inside a block it cannot move into
the per-element function with the rest is left, and the reason says that (it said "`text` is also used outside
the pipeline", naming a name the list's own growth read).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import bound_names, code_of, fresh_name, is_docstring, last_name, names_in, nodes_of, Refusal

_GROW = frozenset({"append", "extend", "insert", "__setitem__"})


def refuse_grown_list(block: list[cst.BaseStatement], tensors: cst.BaseExpression, api: str,
                      line_of=None) -> None:
    """Refused where ``tensors`` (the batch's list, by name) is grown inside a compound statement of ``block``."""
    if not isinstance(tensors, cst.Name):
        return
    name = tensors.value
    for stmt in block:
        if not isinstance(stmt, cst.If):  # (a loop's list of readers or copies is a join's: join_lists.py)
            continue
        for call in nodes_of(stmt, cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value in _GROW and isinstance(func.value, cst.Name) \
                    and func.value.value == name:
                kind = type(stmt).__name__.lower()
                where = line_of(stmt) if line_of is not None else None
                raise Refusal(f"the list `{name}` batched by this `{api}` grows by `{name}.{func.attr.value}(...)` "
                              f"inside an `{kind}` statement{f' at line {where}' if where else ''}: the rewrite "
                              "moves straight-line per-element code into the map function; a list grown under "
                              "an `if` is written so only where the test is a Python value known when the graph "
                              "is built (it calls nothing and reads no name the function binds: a tensor's truth "
                              "is not one), its arms hold simple statements, and each arm's pipeline is rewritten; "
                              "build the list in straight code (`tensors = [a, b] + ([c] if flag else [])`) or "
                              "keep the queue (`migrate --to compat`)")





def straighten_grown_lists(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each list batched whole and grown under an ``if`` written in straight code:

        tensors = [doc_id, text]                      tensors = [doc_id, text]
        if options.with_length:               ->      tensors = tensors + ([tf.size(words)] if options.with_length
            tensors.append(tf.size(words))                                 else [])

    the same list, element for element, where the ``if`` holds nothing but ``append`` / ``extend`` of that list, has
    no ``else``, and its test calls nothing (it is evaluated once, where it was); the list is made by a literal in the
    same block and read by nothing but its growth and the batch calls (no other name holds it, so a new list object
    changes nothing). The same module object where there is none."""
    if ".append(" not in code_of(module) and ".extend(" not in code_of(module):
        return module
    changes: dict[int, cst.BaseStatement] = {}
    tops = {s.name.value for s in module.body if isinstance(s, cst.FunctionDef)}
    for holder in [module, *nodes_of(module, cst.FunctionDef)]:
        body = holder.body if isinstance(holder, cst.Module) else \
            holder.body.body if isinstance(holder.body, cst.IndentedBlock) else ()
        for blockish in [body, *(b.body for b in nodes_of(holder, cst.IndentedBlock)
                                 if not isinstance(holder, cst.Module) or b is not None)]:
            _straighten_block(holder, list(blockish), changes, tops)
    if not changes:
        return module
    return module.visit(_Put(changes))


def _reads(stmt: cst.If, tops: set[str]) -> bool:
    """Whether the ``if`` calls a function of the module (a reader helper, say) or makes a reader or producer."""
    for call in nodes_of(stmt.body, cst.Call):
        name = last_name(call.func)
        if isinstance(call.func, cst.Name) and name in tops or name.endswith("Reader") or "input_producer" in name:
            return True
    return False


def _straighten_block(holder: cst.CSTNode, block: list, changes: dict, tops: set[str]) -> None:
    made: set[str] = set()
    for stmt in block:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
                and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name) \
                and isinstance(stmt.body[0].value, cst.List) and len(stmt.body[0].value.elements) >= 2:
            # (two or more from the start: legacy's batch gives a list whatever is added, never one bare tensor)
            made.add(stmt.body[0].targets[0].target.value)
            continue
        if id(stmt) in changes or not isinstance(stmt, cst.If):
            continue
        grown = _grown(stmt)
        if grown is None or grown[0] not in made or not _only_grown_and_batched(holder, grown[0]) or \
                _reads(stmt, tops):
            continue  # (a read under the ``if``, a second file: ``branch_grown_lists``)
        name, elements = grown
        value = cst.BinaryOperation(cst.Name(name), cst.Add(), cst.IfExp(
            test=stmt.test, body=cst.List(elements), orelse=cst.List([]),
            lpar=[cst.LeftParen()], rpar=[cst.RightParen()]))
        changes[id(stmt)] = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], value)],
                                                    leading_lines=stmt.leading_lines)


def _grown(stmt: cst.If) -> tuple[str, list] | None:
    """(the list, its new elements) of an ``if`` holding only ``name.append(x)`` / ``name.extend(xs)``."""
    if stmt.orelse is not None or nodes_of(stmt.test, cst.Call) or nodes_of(stmt.test, cst.NamedExpr) or \
            not isinstance(stmt.body, cst.IndentedBlock):
        return None
    name, elements = None, []
    for s in stmt.body.body:
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value in ("append", "extend") and isinstance(call.func.value, cst.Name)
                and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star):
            return None
        if name not in (None, call.func.value.value):
            return None
        name = call.func.value.value
        arg = call.args[0].value
        elements.append(cst.Element(arg) if call.func.attr.value == "append" else cst.StarredElement(arg))
    return (name, elements) if name is not None else None


def _only_grown_and_batched(holder: cst.CSTNode, name: str) -> bool:
    """Every read of ``name`` in ``holder`` is the receiver of an ``append``/``extend``, or the tensors of a batch
    call (``*batch*(name, ...)``)."""
    allowed: set[int] = set()
    for call in nodes_of(holder, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("append", "extend") and \
                isinstance(func.value, cst.Name) and func.value.value == name:
            allowed.add(id(func.value))
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        if "batch" in last and call.args and isinstance(call.args[0].value, cst.Name) and \
                call.args[0].value.value == name:
            allowed.add(id(call.args[0].value))
    for assign in nodes_of(holder, cst.AssignTarget):
        allowed |= {id(n) for n in nodes_of(assign, cst.Name)}
    for assign in nodes_of(holder, cst.Assign):  # (``kept = tensors``: an alias, whose growth changes the other)
        if any(isinstance(t.target, cst.Name) and t.target.value == name for t in assign.targets) and \
                isinstance(assign.value, (cst.Name, cst.Attribute, cst.Subscript)):
            return False
    return all(id(n) in allowed for n in nodes_of(holder, cst.Name) if n.value == name)


class _Put(cst.CSTTransformer):
    def __init__(self, changes: dict) -> None:
        super().__init__()
        self.changes = changes

    def leave_If(self, original, updated):
        return self.changes.get(id(original), updated)


_ROUNDS = 4


def branch_grown_lists(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each batched list grown under an ``if`` on Python values (round 34) written as straight
    code the recogniser follows, the list's elements per call what legacy batched:

        image = read(train_file, 3)                    if labels_file:
        inp = [image]                                      image = read(train_file, 3)
        if labels_file:                                    inp = [image]
            label = read(labels_file, 1)       ->          label = read(labels_file, 1)
            inp.append(tf.cast(label, tf.int32))           inp.append(tf.cast(label, tf.int32))
        rs = tf.train.shuffle_batch(inp, ...)              rs = tf.train.shuffle_batch(inp, ...)
        return rs                                          return rs
                                                       else:
                                                           image = read(train_file, 3)
                                                           inp = [image]
                                                           rs = tf.train.shuffle_batch(inp, ...)
                                                           return rs

A test the module fixes (a constant, a parameter every call in the tree gives the same literal,
``static_values.literal``; ``x is None``, ``not``, ``==``, ``and``/``or`` of those) keeps the branch it takes,
in place. Any other test on Python values (a parameter, an attribute of a config object, ``labels is not None``)
stays a Python ``if`` in the function that builds the dataset, run once when the graph is built, as legacy's
was: the function's statements go into each branch (its ``elif``/``else`` arms, or none), each a straight
pipeline of its own. The test calls nothing and reads no name the function binds (a tensor made in it: a
tensor's truth is no Python value), nor an attribute the statements before it set; the ``if``'s arms hold
simple statements alone. A later ``if`` growing the list is split in each arm's copy in turn. The split is kept
only where the recogniser then rewrites every pipeline of the functions split (else the module as written and
its note stand). The same module object where there is none."""
    if "if " not in code_of(module) or not any(a in code_of(module) for a in (".append(", ".extend(", ".insert(")):
        return module
    finder = None
    out = module
    split: list[cst.FunctionDef] = []
    for _ in range(_ROUNDS):
        plans: dict[cst.FunctionDef, list[cst.BaseStatement]] = {}
        for fn in nodes_of(out, cst.FunctionDef):
            if not isinstance(fn.body, cst.IndentedBlock):
                continue
            found = _grown_if(fn)
            if found is None:
                continue
            if finder is None or finder[0] is not out:
                from tfdata_bridge._src.migrate.to_tfdata import survey
                finder = (out, survey(out, external)[2])
            plans[fn] = _split(fn, *found, finder[1], out)
            split.append(fn)
        if not plans:
            break
        out = out.visit(_Body(plans))
    if out is not module:  # (an arm reading a second file by the reader helper: its calls inlined, as written)
        from tfdata_bridge._src.migrate.inline_sources import inline_source_helpers
        out = inline_source_helpers(out, external)
        if not _arms_rewritten(out, external, {fn.name.value for fn in split}):
            return module  # (a split left half in queues reads worse than the function as written, and its note)
    return out


def _arms_rewritten(module: cst.Module, external, names: set[str]) -> bool:
    """Whether the rewrite of ``module`` leaves no pipeline in a function named in ``names``."""
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped
    from tfdata_bridge._src.migrate.to_tfdata import _run

    _, _, outcomes = _run(module, external)
    positions = wrapped(module).resolve(PositionProvider)
    spans = [(positions[f].start.line, positions[f].end.line) for f in nodes_of(module, cst.FunctionDef)
             if f.name.value in names and f in positions]
    return not any(start <= o.line <= end for o in outcomes if not o.rewritten for start, end in spans)


def _arms(stmt: cst.If) -> list[tuple[cst.BaseExpression | None, list[cst.BaseStatement]]]:
    """(test, statements) of each arm of an ``if``/``elif``/``else`` chain; the ``else`` arm's test None (an
    empty one where there is no ``else``)."""
    out: list[tuple[cst.BaseExpression | None, list[cst.BaseStatement]]] = []
    node: cst.If | cst.Else | None = stmt
    while isinstance(node, cst.If):
        out.append((node.test, list(node.body.body) if isinstance(node.body, cst.IndentedBlock) else []))
        node = node.orelse
    out.append((None, list(node.body.body) if isinstance(node, cst.Else) and
                isinstance(node.body, cst.IndentedBlock) else []))
    return out


def _grown_if(fn: cst.FunctionDef) -> tuple[int, cst.If] | None:
    """(the index in the function's body, the ``if``) of the first ``if`` of its body that grows a list the
    function made by a literal before it and batches after it, in the form ``branch_grown_lists`` takes."""
    if nodes_of(fn, cst.Global) or nodes_of(fn, cst.Nonlocal):
        return None
    return _grown_if_in(list(fn.body.body), bound_names(fn.body))



def _grown_if_in(body: list[cst.BaseStatement], bound_in_fn: set[str]) -> tuple[int, cst.If] | None:
    for i, stmt in enumerate(body):
        if not isinstance(stmt, cst.If):
            continue
        lists = {_made_list(s) for s in body[:i]} - {None}
        batched = {_batched_name(s) for s in body[i + 1:]} - {None}
        arms = _arms(stmt)
        grown = {g for _, stmts in arms for s in stmts for g in [_grows(s)] if g is not None}
        if not (grown & lists & batched):
            continue
        if not all(isinstance(s, cst.SimpleStatementLine) and
                   not any(isinstance(small, (cst.Return, cst.Raise, cst.Break, cst.Continue)) for small in s.body)
                   for _, stmts in arms for s in stmts):
            return None
        tests = [t for t, _ in arms if t is not None]
        read = set().union(*(names_in(t) for t in tests))
        if any(nodes_of(t, cst.Call) or nodes_of(t, cst.NamedExpr) or nodes_of(t, cst.Lambda) or
               nodes_of(t, cst.Subscript) for t in tests):
            return None  # (a call could be a tensor op, ``tf.equal``, or change what follows)
        if read & bound_in_fn:
            return None  # (a name the function binds: a tensor it made, or a value its statements change)
        # (``self.x = ...`` before the ``if``: the test read after it, which the split would move before it)
        for s in body[:i]:
            for t in nodes_of(s, cst.AssignTarget):
                if isinstance(t.target, (cst.Attribute, cst.Subscript)) and names_in(t.target) & read:
                    return None
        return i, stmt
    return None


def _made_list(stmt: cst.BaseStatement) -> str | None:
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
            and isinstance(small.value, cst.List):
        return small.targets[0].target.value
    return None


def _batched_name(stmt: cst.BaseStatement) -> str | None:
    """The list a batch call of ``stmt`` (assigned or returned) batches, by name."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    value = getattr(small, "value", None)
    if isinstance(value, cst.Call) and "batch" in last_name(value.func) and value.args and \
            value.args[0].keyword is None and isinstance(value.args[0].value, cst.Name):
        return value.args[0].value.value
    return None


def _grows(stmt: cst.BaseStatement) -> str | None:
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value in _GROW and \
            isinstance(call.func.value, cst.Name):
        return call.func.value.value
    if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name):
        return small.target.value
    return None


def _split(fn: cst.FunctionDef, i: int, stmt: cst.If, finder, module: cst.Module) -> list[cst.BaseStatement]:
    body = list(fn.body.body)
    head = [body[0]] if body and is_docstring(body[0]) else []
    return [*head, *_split_list(fn, body[len(head):], i - len(head), stmt, finder, set(names_in(module)), 0)]


def _split_list(fn: cst.FunctionDef, body: list[cst.BaseStatement], i: int, stmt: cst.If, finder, taken: set[str],
                depth: int) -> list[cst.BaseStatement]:
    """``body`` (the function's statements, or an arm's copy of them) with its ``if`` at ``i`` resolved or split,
    and a later ``if`` growing the list in each arm split in turn (``if labels: ...`` then ``if weights: ...``)."""
    before, after = body[:i], body[i + 1:]
    arms = _arms(stmt)
    for test, stmts in arms:
        value = True if test is None else _truth(finder, test)
        if value is _UNKNOWN:
            break
        if value:  # (every test before it known false, this one known true: the arm taken)
            lead = stmt.leading_lines
            taken_arm = [s.with_changes(leading_lines=()) for s in stmts]
            if taken_arm:
                taken_arm[0] = taken_arm[0].with_changes(leading_lines=lead)
            out = [*before, *taken_arm, *after]
            found = _grown_if_in(out, bound_names(fn.body)) if depth < _ROUNDS else None
            if found is not None:
                out = _split_list(fn, out, *found, finder, taken, depth + 1)
            return _folded(out, fn)
    # run time: the function's statements in each arm, the locals of every arm after the first renamed apart (the
    # recogniser reads a name bound in two arms as one name used outside its pipeline)
    from tfdata_bridge._src.migrate.inline_sources import _Rename

    params = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params, *fn.params.posonly_params]}
    for star in (fn.params.star_arg, fn.params.star_kwarg):
        if isinstance(star, cst.Param):
            params.add(star.name.value)

    def arm(k: int, stmts: list[cst.BaseStatement]) -> cst.IndentedBlock:
        copied = [*before, *stmts, *after]
        found = _grown_if_in(copied, bound_names(fn.body)) if depth < _ROUNDS else None
        if found is not None:  # (a later ``if`` growing the list: split in this arm's copy, before any renaming)
            copied = _split_list(fn, copied, *found, finder, taken, depth + 1)
        copied = _folded(copied, fn)
        if k:
            block = cst.Module(body=copied)
            bound: set[str] = set()
            for t in nodes_of(block, cst.AssignTarget):
                bound |= names_in(t.target)
            for node in [*nodes_of(block, cst.AugAssign), *nodes_of(block, cst.For)]:
                bound |= names_in(node.target)
            names = {n: fresh_name(n, taken) for n in sorted(bound - params)}
            copied = list(block.visit(_Rename(names)).body)
        return cst.IndentedBlock(body=[copied[0].with_changes(leading_lines=()), *copied[1:]])
    orelse: cst.If | cst.Else | None = cst.Else(body=arm(len(arms) - 1, arms[-1][1]))
    for k, (test, stmts) in reversed(list(enumerate(arms[:-1]))):
        orelse = cst.If(test=test, body=arm(k, stmts), orelse=orelse)
    first = orelse.with_changes(leading_lines=before[0].leading_lines if before else stmt.leading_lines)
    return [first]


def _folded(stmts: list[cst.BaseStatement], fn: cst.FunctionDef) -> list[cst.BaseStatement]:
    """``stmts`` with each ``name.append(x)`` / ``name.extend([...])`` of a list made by a literal before it
    folded into that literal, made where the growth was (``inp = [image]; label = ...; inp.append(label)`` ->
    ``label = ...; inp = [image, label]``: the list literal the recogniser batches, and returns as a list) where
    nothing between binds a name the literal reads and the list is read by nothing but its growth and its batch;
    any other growth ``name = name + [x]`` (``_added``)."""
    out = list(stmts)
    made: dict[str, int] = {}  # list name -> index in ``out`` of its literal
    for j, stmt in enumerate(out):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        name = _made_list(stmt)
        if name is not None:
            made[name] = j
            continue
        call = small.value if isinstance(small, cst.Expr) else None
        grown = isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
            isinstance(call.func.value, cst.Name) and len(call.args) == 1 and call.args[0].keyword is None and \
            not call.args[0].star and (call.func.attr.value == "append" or call.func.attr.value == "extend" and
                                       isinstance(call.args[0].value, cst.List))
        name = call.func.value.value if grown else None
        if name is None or name not in made or not _only_grown_and_batched(fn, name):
            out[j] = _added(stmt, fn)
            continue
        c = made[name]
        literal = out[c].body[0].value
        between: set[str] = set()
        for s in out[c + 1:j]:
            for t in nodes_of(s, cst.AssignTarget):
                between |= names_in(t.target)
            for node in nodes_of(s, cst.AugAssign):
                between |= names_in(node.target)
        if names_in(literal) & between or any(isinstance(e, cst.StarredElement) for e in literal.elements):
            out[j] = _added(stmt, fn)
            continue
        arg = call.args[0].value
        added = [cst.Element(arg)] if call.func.attr.value == "append" else \
            [cst.Element(e.value) if isinstance(e, cst.Element) else e for e in arg.elements]
        elements = [cst.Element(e.value) for e in literal.elements] + added
        out[j] = stmt.with_changes(body=[cst.Assign([cst.AssignTarget(cst.Name(name))], cst.List(elements))])
        out[c] = None  # (made where it grows)
        made[name] = j
    kept: list[cst.BaseStatement] = []
    lead: list[cst.EmptyLine] = []
    for k, s in enumerate(out):
        if s is None:  # (the literal's own comment lines go to the statement after it)
            lead += list(stmts[k].leading_lines)
            continue
        kept.append(s.with_changes(leading_lines=[*lead, *s.leading_lines]) if lead else s)
        lead = []
    return kept


def _added(stmt: cst.BaseStatement, fn: cst.FunctionDef) -> cst.BaseStatement:
    """``name = name + [x]`` for ``name.append(x)`` (``[*xs]`` for ``extend(xs)``) of a list read by nothing but its
    growth and its batch (a new list object changes nothing): the straight form the recogniser follows."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and
            call.func.attr.value in ("append", "extend") and isinstance(call.func.value, cst.Name) and
            len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star):
        return stmt
    name = call.func.value.value
    if not _only_grown_and_batched(fn, name):
        return stmt
    arg = call.args[0].value
    element = cst.Element(arg) if call.func.attr.value == "append" else cst.StarredElement(arg)
    value = cst.BinaryOperation(cst.Name(name), cst.Add(), cst.List([element]))
    return stmt.with_changes(body=[cst.Assign([cst.AssignTarget(cst.Name(name))], value)])


class _UnknownTruth:
    pass


_UNKNOWN = _UnknownTruth()


def _truth(finder, test: cst.BaseExpression) -> object:
    """The truth of ``test`` the module fixes (``static_values.literal``), or ``_UNKNOWN``."""
    from tfdata_bridge._src.migrate.static_values import UNKNOWN, literal

    def value(node: cst.BaseExpression) -> object:
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = value(node.expression)
            return _UNKNOWN if inner is _UNKNOWN else not inner
        if isinstance(node, cst.BooleanOperation):
            left, right = value(node.left), value(node.right)
            if isinstance(node.operator, cst.And):
                if left is not _UNKNOWN and not left:
                    return left
                return _UNKNOWN if _UNKNOWN in (left, right) else right
            if left is not _UNKNOWN and left:
                return left
            return _UNKNOWN if _UNKNOWN in (left, right) else right
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            left, right = value(node.left), value(node.comparisons[0].comparator)
            if _UNKNOWN in (left, right):
                return _UNKNOWN
            op = node.comparisons[0].operator
            ops = {cst.Is: lambda a, b: a is b, cst.IsNot: lambda a, b: a is not b,
                   cst.Equal: lambda a, b: a == b, cst.NotEqual: lambda a, b: a != b}
            for kind, f in ops.items():
                if isinstance(op, kind):
                    return f(left, right)
            return _UNKNOWN
        got = literal(finder, node, node)
        return _UNKNOWN if got is UNKNOWN else got

    got = value(test)
    return got if got is _UNKNOWN else bool(got)


class _Body(cst.CSTTransformer):
    def __init__(self, plans: dict) -> None:
        super().__init__()
        self.plans = plans

    def leave_FunctionDef(self, original, updated):
        if original not in self.plans:
            return updated
        return updated.with_changes(body=updated.body.with_changes(body=self.plans[original]))


__all__ = ["branch_grown_lists", "refuse_grown_list", "straighten_grown_lists"]
