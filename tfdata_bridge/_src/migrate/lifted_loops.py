"""A join's lists filled by a loop whose body makes each list's own pipeline: the body lifted into a function.

    def inputs(args, port_files):
        example_list = []
        for f in port_files:
            q = tf.train.string_input_producer([f], num_epochs=args.num_epochs, shuffle=False)
            example_list.append(read_port(q))              # (a helper returning a literal list)
        return tf.train.batch_join(example_list, batch_size=args.batch_size)

becomes, before recognition,

    def _example_list_pipeline(f, args):
        q = tf.train.string_input_producer([f], num_epochs=args.num_epochs, shuffle=False)
        sailing, minutes, passengers, delay = read_port(q)
        return [sailing, minutes, passengers, delay]

    def inputs(args, port_files):
        example_list = []
        for f in port_files:
            example_list.append(_example_list_pipeline(f, args))
        return tf.train.batch_join(example_list, batch_size=args.batch_size)

which is the same program: each pass runs the same statements, making the same ops in the same order (the
function is called where the body was, under the same graph and name scopes); the names the body binds are read
nowhere else (not after the loop, not by the next pass before the body binds them), the function's own locals it
reads are handed in as arguments, the module's names it reads mean the same there. The list may also be one the function returns
(alone or in a tuple) to a caller that joins it (``join_lists._returned_list``). That is the form
``join_lists.py`` rewrites: one function making each list's whole pipeline. The body is lifted only where it
makes its own source (an input producer, or calls a function making one: one ``return`` of it, or a helper
whose own top-level ``q = ...input_producer(...)`` runs each call, ``_fresh_producer``) and holds nothing but simple statements
(no ``return``, ``break``, ``continue``, ``yield``, ``global``, ``del``); ``to_tfdata.run`` keeps the lifted
module only where it lets more pipelines be rewritten.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import BuiltinScope, GlobalScope, ParentNodeProvider, ScopeProvider

from tfdata_bridge._src.migrate.calls import code_of
from tfdata_bridge._src.migrate.calls import last_name, module_functions, namer, names_in, nodes_of, target_names, wrapped
from tfdata_bridge._src.migrate.queue_helpers import _only_return
from tfdata_bridge._src.migrate.returned_lists import callee, module_names, returned_elements
from tfdata_bridge._src.migrate.walk import preorder

_JOINS = ("batch_join", "shuffle_batch_join")
_BARRED = (cst.Return, cst.Break, cst.Continue, cst.Global, cst.Nonlocal, cst.Del, cst.Yield, cst.Await,
           cst.FunctionDef, cst.ClassDef, cst.Lambda)


def lift_list_loops(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each join's list-filling loop whose body makes a pipeline lifted into a module function
    (the same module object where there is none)."""
    code = code_of(module)
    if "_join(" not in code or ".append(" not in code:
        return module
    wrapper = wrapped(module)
    scopes = wrapper.resolve(ScopeProvider)
    parents = wrapper.resolve(ParentNodeProvider)
    taken = module_names(module) | names_in(module)
    fresh = namer(taken)
    loops: dict[int, cst.For] = {}  # id(loop) -> the loop calling the lifted function
    added: dict[int, list[cst.FunctionDef]] = {}  # id(top-level statement) -> functions written before it
    for fn in module_functions(module):
        for loop, list_name in _join_loops(fn):
            made = _lifted(loop, list_name, fn, scopes, parents, module, external, fresh)
            if made is None:
                continue
            new_fn, new_loop = made
            loops[id(loop)] = new_loop
            top = next(s for s in module.body if s is fn or any(f is fn for f in nodes_of(s, cst.FunctionDef)))
            added.setdefault(id(top), []).append(new_fn)
    if not loops:
        return module
    return module.visit(_Put(loops, added))


def _join_loops(fn: cst.FunctionDef) -> list[tuple[cst.For, str]]:
    """(loop, list name) for each ``for`` in ``fn`` whose last statement is ``name.append(x)``, ``name`` made
    ``[]`` in ``fn`` and given whole to a join of ``fn`` (its first argument or ``tensors_list=``) or returned by
    ``fn``'s one ``return`` (its last statement), alone or in a tuple."""
    joined = set()
    for call in nodes_of(fn, cst.Call):
        if last_name(call.func) not in _JOINS:
            continue
        arg = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "tensors_list"),
                   call.args[0].value if call.args and call.args[0].keyword is None else None)
        if isinstance(arg, cst.Name):
            joined.add(arg.value)
    last = fn.body.body[-1] if isinstance(fn.body, cst.IndentedBlock) and fn.body.body else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if isinstance(ret, cst.Return) and len(nodes_of(fn.body, cst.Return)) == 1:
        # (a list the function returns, alone or in a tuple, for its caller's join: ``join_lists._returned_list``)
        value = ret.value
        for el in value.elements if isinstance(value, cst.Tuple) else [cst.Element(value)] if value else []:
            if isinstance(el, cst.Element) and isinstance(el.value, cst.Name):
                joined.add(el.value.value)
    empty = set()
    for assign in nodes_of(fn, cst.Assign):
        if len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name) and \
                isinstance(assign.value, cst.List) and not assign.value.elements:
            empty.add(assign.targets[0].target.value)
    out = []
    for loop in nodes_of(fn, cst.For):
        block = loop.body.body if isinstance(loop.body, cst.IndentedBlock) else ()
        appended = _append_of(block[-1]) if len(block) >= 2 else None
        if appended is not None and appended[0] in joined & empty:
            out.append((loop, appended[0]))
    return out


def _append_of(stmt: cst.BaseStatement) -> tuple[str, cst.BaseExpression] | None:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return None
    call = stmt.body[0].value
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" and \
            isinstance(call.func.value, cst.Name) and len(call.args) == 1 and call.args[0].keyword is None and \
            not call.args[0].star:
        return call.func.value.value, call.args[0].value
    return None


def _makes_source(stmts, scopes, parents, module, external) -> bool:
    """The statements make an input producer, directly or by a function that is one ``return`` of one (``q =
    file_queue(f)``, ``queue_helpers.py``; not one memoizing its queue, ``memo_queue.py``): each pass its own
    source (readers sharing a queue made before the loop are ``reader_lists.py``'s and ``join.py``'s form: k
    readers of one file queue)."""
    for stmt in stmts:
        for call in nodes_of(stmt, cst.Call):
            if last_name(call.func).endswith("input_producer"):
                return True
            fn = callee(call.func, stmt, scopes, parents, module, external)
            made = _only_return(fn) if fn is not None and not fn.decorators else None
            # (a helper that is one ``return`` of a producer: a new queue each call, none kept on an object)
            if isinstance(made, cst.Call) and last_name(made.func).endswith("input_producer"):
                return True
            if fn is not None and not fn.decorators and _fresh_producer(fn):
                return True
    return False


def _fresh_producer(fn: cst.FunctionDef) -> bool:
    """``fn`` makes a new input producer each call: one of its own top-level statements is ``q = ...producer(...)``
    (a plain local; not under an ``if``, so no memo), and it keeps nothing between calls (no ``global`` or
    ``nonlocal``, no attribute or subscript assigned, no default argument a call could fill)."""
    if not isinstance(fn.body, cst.IndentedBlock) or \
            any(nodes_of(fn.body, kind) for kind in (cst.Global, cst.Nonlocal, cst.FunctionDef, cst.ClassDef)):
        return False
    for assign in [*nodes_of(fn.body, cst.Assign), *nodes_of(fn.body, cst.AugAssign), *nodes_of(fn.body, cst.AnnAssign)]:
        targets = [t.target for t in assign.targets] if isinstance(assign, cst.Assign) else [assign.target]
        if any(nodes_of(t, cst.Attribute) or nodes_of(t, cst.Subscript) for t in targets):
            return False
    for stmt in fn.body.body:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign):
            assign = stmt.body[0]
            if len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name) and \
                    isinstance(assign.value, cst.Call) and last_name(assign.value.func).endswith("input_producer"):
                return True
    return False


def _lifted(loop: cst.For, list_name: str, fn: cst.FunctionDef, scopes, parents, module, external, fresh
            ) -> tuple[cst.FunctionDef, cst.For] | None:
    """(the lifted function, the loop calling it), or None where the body is not one that lifts as it is."""
    block = list(loop.body.body)
    head = block[:-1]
    if loop.orelse is not None or loop.asynchronous is not None or \
            not _makes_source(head, scopes, parents, module, external):
        return None
    if not all(isinstance(s, cst.SimpleStatementLine) for s in head) or nodes_of(loop.body, cst.Return):
        return None
    if any(nodes_of(s, kind) for s in block for kind in _BARRED):
        return None
    targets = target_names(loop.target)
    if targets is None or len(set(targets)) != len(targets):
        return None
    scope = scopes.get(block[0])
    if scope is None or scope is not scopes.get(fn.body.body[0]) or list_name in targets:
        return None
    inside = {id(n) for n in nodes_of(loop.body, cst.CSTNode)}
    # the names the body binds: bound nowhere else in the function, read nowhere else, each bound before read
    bound: list[str] = []
    for stmt in head:
        small = stmt.body
        if len(small) != 1:
            return None
        node = small[0]
        if isinstance(node, cst.Assign):
            for t in node.targets:
                names = target_names(t.target)
                if names is None:
                    return None
                bound += names
        elif isinstance(node, cst.AnnAssign) or isinstance(node, cst.AugAssign):
            return None
        elif not isinstance(node, cst.Expr):
            return None
    if nodes_of(loop.body, cst.NamedExpr) or list_name in bound:
        return None
    # (a name bound or read outside the loop only before it, with no loop around it, nor in a nested function:
    # no read outside meets a value this loop binds)
    before, nested = _before(fn, loop)
    if before is None:
        return None
    for name in {*bound, *targets}:
        for assignment in scope.assignments[name]:
            if id(assignment.node) not in inside and not _within(assignment.node, loop.target) and \
                    id(assignment.node) not in before:
                return None
            for ref in assignment.references:
                if id(ref.node) not in inside and (id(ref.node) not in before or id(ref.node) in nested):
                    return None
    defined = set(targets)
    free: list[str] = []
    for stmt in head + [block[-1]]:
        for access in _accesses(stmt, scope, scopes):
            name = access.node.value
            refs = list(access.referents)
            if name in bound and name not in defined:
                return None  # (read before this pass binds it: the last pass's value)
            if name in defined or name == list_name and stmt is block[-1]:
                continue
            if not refs:
                return None
            if all(isinstance(r.scope, (GlobalScope, BuiltinScope)) for r in refs):
                continue
            if all(r.scope is scope for r in refs):
                if name not in free:
                    free.append(name)
                continue
            return None
        small = stmt.body[0]
        if isinstance(small, cst.Assign):
            for t in small.targets:
                defined.update(target_names(t.target) or ())
    _, value = _append_of(block[-1])
    params = [*targets, *[n for n in free if n not in targets]]
    name = fresh(f"_{list_name.lstrip('_')}_pipeline")
    local = namer(module_names(module) | {*params, *bound, name} | {n for s in head for n in names_in(s)})
    ret = _returned(value, block[-1], scopes, parents, module, external, local)
    body = [*head, *ret]
    new_fn = cst.FunctionDef(
        name=cst.Name(name),
        params=cst.Parameters(params=[cst.Param(cst.Name(p)) for p in params]),
        body=cst.IndentedBlock(body=body),
        leading_lines=[cst.EmptyLine(), cst.EmptyLine()],
    )
    call = cst.Call(cst.Name(name), args=[cst.Arg(cst.Name(p)) for p in params])
    appended = cst.SimpleStatementLine(body=[cst.Expr(cst.Call(
        cst.Attribute(cst.Name(list_name), cst.Name("append")), args=[cst.Arg(call)]))],
        leading_lines=head[0].leading_lines)
    return new_fn, loop.with_changes(body=loop.body.with_changes(body=[appended]))


def _accesses(stmt: cst.CSTNode, scope, scopes):
    """The accesses of names in ``stmt`` (of the function's scope, and of comprehensions within it that read the
    function's names)."""
    ids = {id(n) for n in nodes_of(stmt, cst.Name)}
    seen = []
    found = [scope, *(scopes.get(n) for n in nodes_of(stmt, cst.CSTNode))]
    for s in {id(x): x for x in found if x is not None}.values():
        for access in s.accesses:
            if id(access.node) in ids and isinstance(access.node, cst.Name):
                refs = list(access.referents)
                if refs and all(r.scope is s and s is not scope for r in refs):
                    continue  # (a comprehension's own variable)
                seen.append(access)
    return seen


def _before(fn: cst.FunctionDef, loop: cst.For) -> tuple[set[int] | None, set[int]]:
    """(ids of the nodes of ``fn`` written before ``loop``, or None where a loop holds it; ids of the nodes in
    functions nested in ``fn``)."""
    before: set[int] = set()
    for node in preorder(fn.body):
        if node is loop:
            break
        before.add(id(node))
    if any(_within(loop, outer.body) for outer in [*nodes_of(fn.body, cst.For), *nodes_of(fn.body, cst.While)]):
        return None, set()
    nested = {id(n) for f in [*nodes_of(fn.body, cst.FunctionDef), *nodes_of(fn.body, cst.Lambda),
                              *nodes_of(fn.body, cst.ClassDef)] for n in nodes_of(f, cst.CSTNode)}
    return before, nested


def _within(node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    return any(n is node for n in nodes_of(outer, cst.CSTNode))


def _returned(value: cst.BaseExpression, at: cst.CSTNode, scopes, parents, module, external, fresh
              ) -> list[cst.BaseStatement]:
    """The lifted function's last statements: ``return value``, or, where ``value`` calls a helper returning a
    literal list, ``a, b = helper(...)`` then ``return [a, b]`` (the names the recogniser follows); a helper's
    other value (a dict, a tensor) bound to a name first, then returned."""
    if isinstance(value, cst.Call):
        fn = callee(value.func, at, scopes, parents, module, external)
        elements = returned_elements(fn) if fn is not None else None
        if elements:
            names = [fresh(e.value if isinstance(e, cst.Name) else f"tensor_{i}") for i, e in enumerate(elements)]
            target = cst.Tuple([cst.Element(cst.Name(n)) for n in names], lpar=[], rpar=[]) if len(names) > 1 else \
                cst.Tuple([cst.Element(cst.Name(names[0]), comma=cst.Comma())], lpar=[], rpar=[])
            return [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], value)]),
                    cst.SimpleStatementLine([cst.Return(cst.List([cst.Element(cst.Name(n)) for n in names]))])]
        if fn is not None:  # (a dict or one tensor: bound to a name, as a helper's caller keeps it)
            name = fresh("example")
            return [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], value)]),
                    cst.SimpleStatementLine([cst.Return(cst.Name(name))])]
    return [cst.SimpleStatementLine([cst.Return(value)])]


class _Put(cst.CSTTransformer):
    def __init__(self, loops: dict[int, cst.For], added: dict[int, list[cst.FunctionDef]]) -> None:
        super().__init__()
        self.loops = loops
        self.added = added

    def leave_For(self, original, updated):
        return self.loops.get(id(original), updated)

    def leave_Module(self, original, updated):
        body = []
        for old, new in zip(original.body, updated.body):
            body += [*self.added.get(id(old), []), new]
        return updated.with_changes(body=body)
