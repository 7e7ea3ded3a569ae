"""Preprocessing copies handed to a batch helper, and a prefetch helper, of other modules (im2txt's input side):

    # model.py                                            # inputs.py
    class Model(object):                                  def prefetch_input_data(reader, pattern, ...):
        def __init__(self, config):                           ...
            self.reader = tf.TFRecordReader()                 values_queue = tf.FIFOQueue(...)
        def build_inputs(self):                               ...k readers' enqueue ops, their QueueRunner...
            queue = inputs.prefetch_input_data(                return values_queue
                self.reader, ...)
            pairs = []                                     def batch_with_dynamic_pad(pairs, batch_size, ...):
            for thread_id in range(k):                         enqueue_list = []
                serialized = queue.dequeue()                   for image, caption in pairs:
                image, caption = parse(serialized)                 ...per-element code...
                pairs.append([image, caption])                     enqueue_list.append([image, ...])
            images, ... = inputs.batch_with_dynamic_pad(       images, ... = tf.train.batch_join(enqueue_list, ...)
                pairs, batch_size=4)                           return images, ...

is, for the data, the program where everything stands in the model's method: the batch helper's loop over the
handed list runs, for each copy, its per-element code on what the copy appended; written in place of the
``append`` (its loop target bound to the appended value: ``image_1, caption_1 = [image, caption]``) the same
ops read the same tensors, only made earlier, and the rest of the helper (the join, its summaries) stands where
the call stood, its parameters replaced by the call's arguments and its returned names bound to the call's
targets. The prefetch helper, copied into the model's module, and the reader made for its one call are then the
same-module form ``copy_dequeues.py`` takes (the reader held on ``self`` by ``__init__`` and read by nothing else in
the tree is made at the call instead: one reader op, the same reads).

Only where that holds for sure: each helper a top-level function used once in the whole tree (by ``module.f(...)``
or ``f(...)`` of its own module), without nested functions, classes, lambdas, ``global`` or another ``return``;
the batch helper's loop over its parameter ending in ``lst.append(...)`` of the list that its ``*batch_join``
takes first, its per-element code reading no parameter and no name of the helper's module but an import the
caller's module makes alike (or a builtin neither module binds); the caller's list made by ``lst = []`` and filled
by the last statement of one ``for`` loop before the call, in the call's own block, read nowhere else. The names the
helpers bind are renamed apart. ``tree.rewrite_tree`` keeps the result only where it leaves fewer pipelines, so a
program left alone stays as written.
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.helpers import calculate_module_and_package

from tfdata_bridge._src.migrate.builder_inline import _Drop, _import_text, _Substitute, _top_level, _Uses
from tfdata_bridge._src.migrate.calls import absolute_name, bound_names, dotted, fresh_name, identifiers, is_docstring, \
    name_counts, names_in, nodes_of, param_names, target_names, wrapped
from tfdata_bridge._src.migrate.copy_dequeues import _assigned_names, _flag_test, _inlinable, \
    _many_plan, _one_plan, _plan, _returned_queue, _top_names, copies_as_loops
from tfdata_bridge._src.migrate.calls import code_of, params_without


def _small(stmt: cst.CSTNode) -> cst.BaseSmallStatement | None:
    return stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None


def _append_of(stmt: cst.CSTNode) -> tuple[str, cst.BaseExpression] | None:
    """(the list, the value) for ``lst.append(value)``."""
    small = _small(stmt)
    call = small.value if isinstance(small, cst.Expr) else None
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append" \
            and isinstance(call.func.value, cst.Name) and len(call.args) == 1 and call.args[0].keyword is None \
            and not call.args[0].star:
        return call.func.value.value, call.args[0].value
    return None


def _empty_list(stmt: cst.CSTNode, name: str) -> bool:
    small = _small(stmt)
    return isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
        and small.targets[0].target.value == name and isinstance(small.value, cst.List) and not small.value.elements


class _Batcher:
    """A batch helper given the copies: its parameter, its list, its loop and the statements after it."""

    def __init__(self, fn: cst.FunctionDef) -> None:
        self.fn = fn
        body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
        body = body[1:] if body and is_docstring(body[0]) else body
        self.ok = False
        if len(body) < 3 or not _inlinable(fn) or not isinstance(body[1], cst.For):
            return
        loop = body[1]
        params = [p.name.value for p in fn.params.params]
        if not (isinstance(loop.iter, cst.Name) and loop.iter.value in params and loop.orelse is None
                and loop.asynchronous is None and isinstance(loop.body, cst.IndentedBlock) and loop.body.body):
            return
        appended = _append_of(loop.body.body[-1])
        if appended is None or not _empty_list(body[0], appended[0]):
            return
        lst, param = appended[0], loop.iter.value
        counts = name_counts(fn)
        if counts.get(lst) != 3 or counts.get(param) != 2:  # (made, appended, joined; the parameter, the loop)
            return
        joins = [s for s in body[2:]
                 if isinstance(_small(s), (cst.Assign, cst.Return)) and _joins(_small(s).value, lst)]
        if len(joins) != 1 or not isinstance(_small(body[-1]), cst.Return) or _small(body[-1]).value is None:
            return
        if nodes_of(loop, cst.Break) or nodes_of(loop, cst.Continue):
            return
        self.lst, self.param, self.loop, self.rest = lst, param, loop, body[2:]
        self.ok = True


def _joins(value: cst.BaseExpression | None, lst: str) -> bool:
    """``value`` is ``*batch_join(lst, ...)``."""
    return isinstance(value, cst.Call) and dotted(value.func).endswith("batch_join") and bool(value.args) \
        and value.args[0].keyword is None and isinstance(value.args[0].value, cst.Name) \
        and value.args[0].value.value == lst


def _free(fn: cst.FunctionDef) -> set[str]:
    return names_in(fn.body) - _assigned_names(fn) - {p.name.value for p in fn.params.params}


def _resolve_flags(stmts: list[cst.BaseStatement], bound: dict[str, cst.BaseExpression]) -> list[cst.BaseStatement]:
    """``if flag:`` / ``if not flag:`` on a parameter the call gives as ``True`` / ``False``: the branch it runs."""
    out: list[cst.BaseStatement] = []
    for stmt in stmts:
        got = _flag_test(stmt.test) if isinstance(stmt, cst.If) and not isinstance(stmt.orelse, cst.If) else None
        value = bound.get(got[0]) if got is not None else None
        if not (isinstance(value, cst.Name) and value.value in ("True", "False")):
            out.append(stmt)
            continue
        taken = stmt.body if (value.value == "True") == got[1] else \
            stmt.orelse.body if stmt.orelse is not None else None
        inner = list(taken.body) if isinstance(taken, cst.IndentedBlock) else []
        if inner:
            inner[0] = inner[0].with_changes(leading_lines=stmt.leading_lines)
        out += inner
    return out


def _plain_value(value: cst.BaseExpression) -> bool:
    """A literal, a name or a chain of attributes on a name: read where the helper reads it, it is the same value
    (nothing between the call and that read changes it: only the helper's own statements run there)."""
    return isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or bool(dotted(value))


class _Tree:
    def __init__(self, texts: dict[str, str], root: str) -> None:
        self.texts = dict(texts)
        self.modules: dict[str, cst.Module] = {}
        for path, text in texts.items():
            if "def " in text:
                try:
                    self.modules[path] = cst.parse_module(text)
                except cst.ParserSyntaxError:
                    continue
        self.names = {p: calculate_module_and_package(root, p) for p in self.modules}
        self.changed = False
        self._uses: dict[tuple[int, str], tuple[cst.Module, list]] = {}  # (id(module), name) -> (module, _Uses found)
        self._sites: dict[tuple[str, str, bool], tuple[tuple[cst.Module, ...], list]] = {}  # (the modules then)

    def sites(self, bpath: str, fname: str, namespaces: bool = False) -> list[tuple[str, cst.CSTNode]]:
        """(module path, node) of every use of the function ``fname`` of ``bpath`` in the tree; two dummies where
        a module names it in a string (``__all__``; a graph scope's name is none: ``namespace_calls.py``) or
        imports it but the one caller (a package's re-export), so it is never taken as used once. ``namespaces``:
        a namespace of its module holding it (``learn = types.SimpleNamespace(f=f)``) is followed to the reads
        spelling the function on it (``mod.learn.f``), its own keyword no use (dummies where it cannot be)."""
        # (asked once per parameter of the helper: kept while no module of the tree has changed since)
        now = tuple(self.modules.values())
        kept = self._sites.get((bpath, fname, namespaces))
        if kept is not None and len(kept[0]) == len(now) and all(a is b for a, b in zip(kept[0], now)):
            return list(kept[1])
        out = self._sites_now(bpath, fname, namespaces)
        self._sites[(bpath, fname, namespaces)] = (now, out)
        return list(out)

    def _sites_now(self, bpath: str, fname: str, namespaces: bool) -> list[tuple[str, cst.CSTNode]]:
        from tfdata_bridge._src.migrate.namespace_calls import held_in_namespaces, named_as_data

        mod_name = self.names[bpath].name
        out: list[tuple[str, cst.CSTNode]] = []
        imported = 0
        for path, module in self.modules.items():
            imported += len([a for i in nodes_of(module, cst.ImportFrom) if not isinstance(i.names, cst.ImportStar)
                             for a in i.names if a.evaluated_name == fname])
            if named_as_data(module, fname) or imported > 1:
                return [(path, module), (path, module)]
        held = held_in_namespaces(self.modules[bpath], fname) if namespaces else []
        if held is None:
            return [(bpath, self.modules[bpath])] * 2
        holding = {id(n) for _, _, n in held} | ({id(a.keyword) for a in nodes_of(self.modules[bpath], cst.Arg)
                                                 if a.keyword is not None} if held else set())
        for path, module in self.modules.items():
            if fname not in code_of(module):
                continue
            if path == bpath:
                defs = {id(f.name) for f in nodes_of(module, cst.FunctionDef)}
                out += [(path, n) for n in nodes_of(module, cst.Name) if n.value == fname and id(n) not in defs
                        and id(n) not in holding]
                continue
            out += [(path, node) for node, q in self._imported_uses(module, fname)
                    if absolute_name(q, self.names[path].package) == f"{mod_name}.{fname}"]
        for top, chain, _ in held:
            found = self._namespace_sites(bpath, top, chain)
            if found is None:
                return [(bpath, self.modules[bpath])] * 2
            spelled = {id(n.attr) for _, n in found}  # (``ns.f``'s ``f``: that read, not another use)
            out = [(p, n) for p, n in out if id(n) not in spelled] + found
        return out

    def _namespace_sites(self, bpath: str, top: str, chain: tuple[str, ...]) -> list[tuple[str, cst.CSTNode]] | None:
        """The reads spelling ``top.<chain>`` (a function held by the namespace ``top`` of ``bpath``) in the tree;
        None where a use of the namespace may reach it unseen (``namespace_calls.walk_down``)."""
        from tfdata_bridge._src.migrate.namespace_calls import walk_down
        from tfdata_bridge._src.migrate.queue_size import parents

        mod_name = self.names[bpath].name
        out: list[tuple[str, cst.CSTNode]] = []
        for path, module in self.modules.items():
            if top not in code_of(module):
                continue
            if path == bpath:
                targets = {id(t.target) for t in nodes_of(module, cst.AssignTarget)}
                uses = [n for n in nodes_of(module, cst.Name) if n.value == top and id(n) not in targets]
                attrs = {id(a.attr) for a in nodes_of(module, cst.Attribute)} | \
                    {id(a.keyword) for a in nodes_of(module, cst.Arg) if a.keyword is not None}
                uses = [n for n in uses if id(n) not in attrs]  # (``other.learn``, ``f(learn=...)``: no use)
            else:
                uses = [node for node, q in self._imported_uses(module, top)
                        if absolute_name(q, self.names[path].package) == f"{mod_name}.{top}"]
            up = parents(module)
            for node in uses:
                reached = walk_down(up, node, chain)
                if reached is None:
                    return None
                if reached is not False:
                    out.append((path, reached))
        return out

    def _imported_uses(self, module: cst.Module, name: str) -> list:
        """(node, qualified name) of each use of ``name`` through an import in ``module``, found once per module
        object (a module is new once changed; the helpers' parameters ask for the same function's uses again)."""
        kept = self._uses.get((id(module), name))
        if kept is None or kept[0] is not module:
            visitor = _Uses({name})
            wrapped(module).visit(visitor)
            kept = self._uses[(id(module), name)] = (module, visitor.found)
        return kept[1]

    def free_ok(self, fn: cst.FunctionDef, bpath: str, cpath: str, caller: cst.FunctionDef) -> bool:
        """The helper's free names mean the same in the caller's function: imports both modules make alike, or
        builtins neither binds (a name of the helper's own module is not taken along)."""
        found = self.free_renames(fn, bpath, cpath, caller)
        return found is not None and not found[0]

    def free_renames(self, fn: cst.FunctionDef, bpath: str, cpath: str, caller: cst.FunctionDef
                     ) -> tuple[dict[str, str], list[cst.SimpleStatementLine]] | None:
        """``free_ok``, but a name the helper's module imports otherwise than the caller's (``tf`` for
        ``tensorflow.compat.v1`` there, ``tensorflow`` here) or the caller's module does not import is taken
        along: (the helper's name -> a fresh name, the helper's import binding that fresh name, to add to the
        caller's module). None where a free name cannot be taken so (a relative import, ``import a.b`` without
        ``as``, a name of the helper's module that is not an import, a local of the caller)."""
        tops, ctops = _top_level(self.modules[bpath]), _top_level(self.modules[cpath])
        bound = _assigned_names(caller) | {p.name.value for p in [*caller.params.params, *caller.params.kwonly_params]}
        renames: dict[str, str] = {}
        imports: list[cst.SimpleStatementLine] = []
        taken = set(name_counts(self.modules[cpath])) | set(name_counts(fn)) | set(ctops)
        for name in sorted(_free(fn)):
            if name in bound:
                return None
            if bpath == cpath:
                continue
            where = tops.get(name)
            if where is None:
                if name in ctops:
                    return None
                continue
            mine = _import_text(where, name) if isinstance(where, (cst.Import, cst.ImportFrom)) else None
            if mine is None:
                # (a name the helper's module binds once, by an assignment, ``def`` or ``class``, and nothing
                # rebinds (``global``): read through the caller's import of that module, the same object)
                ref = self._through_module(bpath, cpath, name, taken)
                if ref is None:
                    return None
                renames[name] = ref[0]
                imports += ref[1]
                continue
            if ctops.get(name) is not None and _import_text(ctops[name], name) == mine:
                continue
            # (an import of the caller's module binding the same thing to another name is read as it is)
            same = [n for n, node in ctops.items() if isinstance(node, (cst.Import, cst.ImportFrom))
                    and (a := _aliased(where, name, n)) is not None and _import_text(node, n) == _import_text(a, n)]
            if same:
                renames[name] = same[0]
                continue
            alias = _aliased(where, name, fresh := fresh_name(name, taken))
            if alias is None:
                return None
            renames[name] = fresh
            imports.append(cst.SimpleStatementLine([alias]))
        return renames, imports

    def _through_module(self, bpath: str, cpath: str, name: str, taken: set[str]
                        ) -> tuple[str, list[cst.SimpleStatementLine]] | None:
        """(how the caller's module reads ``name`` of the module ``bpath``: ``mod.name`` through its import of
        that module, or a fresh name it imports from there, the import to add) where ``bpath`` binds ``name``
        once at its top level by a plain assignment of a name, a ``def`` or a ``class``, and rebinds it nowhere;
        None otherwise."""
        module = self.modules[bpath]
        if nodes_of(module, cst.Global) or nodes_of(module, cst.Nonlocal):
            return None
        binds = 0
        for stmt in module.body:
            if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                binds += stmt.name.value == name
            elif isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
                            [small.target]
                        for t in targets:
                            got = target_names(t)
                            if got is None and name in names_in(t):
                                return None
                            binds += (got or []).count(name)
                    elif isinstance(small, (cst.Import, cst.ImportFrom)) and name in _top_level(
                            cst.Module([stmt])):
                        return None
            elif name in _assigned_names(cst.FunctionDef(cst.Name("f"), cst.Parameters(), cst.IndentedBlock(
                    [stmt]))) or name in names_in(stmt):
                return None  # (bound or read under an ``if`` / ``try`` / loop of the module: not taken)
        if binds != 1:
            return None
        target = self.names[bpath].name
        cpackage = self.names[cpath].package
        code = cst.Module([]).code_for_node
        for stmt in self.modules[cpath].body:
            for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Import):
                    for a in small.names:
                        if code(a.name) == target:
                            return (code(a.asname.name) if a.asname is not None else target) + "." + name, []
                if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
                    where = absolute_name("." * len(small.relative) + (code(small.module) if small.module else ""),
                                          cpackage)
                    for a in small.names:
                        if f"{where}.{code(a.name)}".strip(".") == target:
                            bound = code(a.asname.name) if a.asname is not None else code(a.name)
                            return f"{bound}.{name}", []
                    if where == target:  # (the helper itself imported from it: import ``name`` so too)
                        fresh = fresh_name(name, taken)
                        alias = cst.ImportAlias(cst.Name(name), asname=cst.AsName(cst.Name(fresh)))
                        return fresh, [cst.SimpleStatementLine([small.with_changes(names=[alias], lpar=None,
                                                                                   rpar=None)])]
        return None

    def add_imports(self, module: cst.Module, imports: list[cst.SimpleStatementLine]) -> cst.Module:
        """``module`` with ``imports`` after its last top-level import (before its first statement else)."""
        if not imports:
            return module
        body = list(module.body)
        at = max((k + 1 for k, s in enumerate(body) if isinstance(s, cst.SimpleStatementLine)
                  and any(isinstance(x, (cst.Import, cst.ImportFrom)) for x in s.body)), default=0)
        if at == 0 and body and is_docstring(body[0]):
            at = 1
        return module.with_changes(body=[*body[:at], *imports, *body[at:]])


def _aliased(node: cst.CSTNode, name: str, fresh: str) -> cst.Import | cst.ImportFrom | None:
    """The import ``node`` binding what it binds to ``name`` to ``fresh`` instead; None where that is no
    import of its own (``import a.b`` binds ``a``)."""
    for a in node.names:
        bound = a.asname.name if a.asname is not None else a.name
        if isinstance(bound, cst.Name) and bound.value == name:
            one = a.with_changes(asname=cst.AsName(cst.Name(fresh)), comma=cst.MaybeSentinel.DEFAULT)
            return node.with_changes(names=[one]) if isinstance(node, cst.Import) else \
                node.with_changes(names=[one], lpar=None, rpar=None)
    return None


def _held_targets(target: cst.BaseAssignTargetExpression) -> bool:
    """``self.a`` or a tuple/list of names and attributes on a name (``self.images, self.seqs``): targets the call's
    value is bound to once, after its statements ran (no star, no subscript)."""
    elements = [e.value for e in target.elements if isinstance(e, cst.Element)] \
        if isinstance(target, (cst.Tuple, cst.List)) else [target]
    if isinstance(target, (cst.Tuple, cst.List)) and len(elements) != len(target.elements):
        return False
    return bool(elements) and all(isinstance(e, cst.Name) or isinstance(e, cst.Attribute) and dotted(e)
                                  for e in elements)


def _caller_of(module: cst.Module, node: cst.CSTNode, nested: bool = False):
    """(function, its block, the index of ``targets = <node>(...)`` in it) where the call stands directly in a
    function's body (or a class's method's; ``nested``: or in a block inside it, as under an ``if``); None
    elsewhere."""
    for fn in nodes_of(module, cst.FunctionDef):
        blocks = [b for b in nodes_of(fn, cst.IndentedBlock) if not any(
            f is not fn and b in nodes_of(f, cst.IndentedBlock) for f in nodes_of(fn, cst.FunctionDef))] \
            if nested else [fn.body]
        for block in blocks:
            found = _in_block(block, node)
            if found is not None:
                return fn, *found
    return None

def _bound_at(tree: _Tree, bpath: str, helper: cst.FunctionDef, cpath: str, node, nested: bool = False):
    """(the calling function, its block, the call statement's index there, its small statement, the helper's
    parameters bound to the call's arguments, the helper's free names renamed for the caller) for the helper's call
    at ``node`` in module ``cpath``; None where the call stands elsewhere (``_caller_of``), its arguments do not
    bind or the helper's free names cannot be read from the caller."""
    from tfdata_bridge._src.migrate.inline_sources import _bound_args

    found = _caller_of(tree.modules[cpath], node, nested=nested)
    if found is None:
        return None
    cfn, body, i = found
    assign = _small(body[i])
    bound = _bound_args(helper, assign.value)
    free = tree.free_renames(helper, bpath, cpath, cfn) if bound is not None else None
    return None if free is None else (cfn, body, i, assign, bound, free)


def _bind_params(bound: dict, assigned: set[str], taken: set[str], renames: dict) -> list[cst.BaseStatement]:
    """Each inlined helper parameter of ``bound`` (its argument at the call) read as its argument where that is a
    plain value the helper neither rebinds nor shadows (added to ``renames``), else bound first to a fresh name:
    those statements, in the order of the parameters."""
    first: list[cst.BaseStatement] = []
    for p, value in bound.items():
        if p not in assigned and _plain_value(value) and not (names_in(value) & (assigned - {p})):
            renames[p] = value
        else:
            fresh = fresh_name(p, taken)
            renames[p] = fresh
            first.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(fresh))], value)]))
    return first



def _in_block(block: cst.BaseSuite, node: cst.CSTNode):
    """(the block's statements, the index of ``targets = <node>(...)`` or ``return <node>(...)``) or None."""
    if isinstance(block, cst.IndentedBlock):
        body = list(block.body)
        for i, stmt in enumerate(body):
            small = _small(stmt)
            if (isinstance(small, cst.Assign) and len(small.targets) == 1 or isinstance(small, cst.Return)) \
                    and isinstance(small.value, cst.Call) and small.value.func is node:
                return body, i
    return None


def _fuse(tree: _Tree, bpath: str, helper: cst.FunctionDef, batcher: _Batcher, cpath: str, node) -> bool:
    """The batch helper inlined at its one call, its loop fused into the caller's; False where it cannot be."""
    at = _bound_at(tree, bpath, helper, cpath, node)
    if at is None:
        return False
    cfn, body, i, assign, bound, free = at
    stmt = body[i]
    handed = bound[batcher.param]
    if not isinstance(handed, cst.Name) or name_counts(cfn).get(handed.value) != 3:
        return False
    lst = handed.value
    made = [j for j in range(i) if _empty_list(body[j], lst)]
    loops = [j for j in range(i) if isinstance(body[j], cst.For) and isinstance(body[j].body, cst.IndentedBlock)
             and body[j].body.body and (_append_of(body[j].body.body[-1]) or ("",))[0] == lst]
    if len(made) != 1 or len(loops) != 1 or not made[0] < loops[0]:
        return False
    # the per-element code reads its own names, the loop's targets and the module's imports: no parameter
    params = {p.name.value for p in helper.params.params}
    if names_in(batcher.loop.body) & params or names_in(batcher.loop.target) & params:
        return False
    returns = isinstance(assign, cst.Return)  # ``return helper(...)``: the helper's own return stands there
    targets = [] if returns else target_names(assign.targets[0].target)
    held = not returns and targets is None and _held_targets(assign.targets[0].target)
    if held:  # (``self.images, ... = helper(...)``: bound once, after the helper's statements, as the call does)
        targets = []
    ret = _small(batcher.rest[-1]).value
    returned = target_names(ret) if isinstance(ret, (cst.Name, cst.Tuple)) and not returns and not held else None
    if targets is None or any(names_in(v) & set(targets) for v in bound.values()):
        return False
    assigned = _assigned_names(helper)
    loop_bound = _assigned_names(cst.FunctionDef(cst.Name("f"), cst.Parameters(), cst.IndentedBlock(
        [batcher.loop])))
    top_once = {}
    for s in batcher.rest[:-1]:
        small = _small(s)
        if isinstance(small, cst.Assign):
            for t in small.targets:
                for n in target_names(t.target) or ():
                    top_once[n] = top_once.get(n, 0) + 1
    rename_back = returned is not None and len(returned) == len(targets) and \
        isinstance(ret, cst.Tuple) == isinstance(assign.targets[0].target, (cst.Tuple, cst.List)) and \
        len(set(returned)) == len(returned) and \
        all(top_once.get(r) == 1 and r not in params and r not in loop_bound and
            name_counts(helper).get(r, 0) == sum(name_counts(s).get(r, 0) for s in batcher.rest) for r in returned)
    taken = set(name_counts(tree.modules[cpath])) | set(name_counts(helper)) | set(free[0].values())
    renames: dict[str, object] = dict(free[0])
    first = _bind_params({p: v for p, v in bound.items() if p != batcher.param}, assigned, taken, renames)
    for local in sorted(assigned - {"_"}):
        renames[local] = targets[returned.index(local)] if rename_back and local in returned else \
            fresh_name(local, taken)
    sub = _Substitute(renames)
    rest = _resolve_flags(list(batcher.rest[:-1]), bound)
    tail = [s.visit(sub) for s in rest]
    if returns:
        tail.append(cst.SimpleStatementLine([cst.Return(ret.visit(sub))]))
    elif not rename_back:
        tail.append(cst.SimpleStatementLine([assign.with_changes(value=ret.visit(sub))]))
    tail = [*first, *tail]
    if not tail:
        return False
    tail[0] = tail[0].with_changes(leading_lines=stmt.leading_lines)
    loop = body[loops[0]]
    x = _append_of(loop.body.body[-1])[1]
    bind = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(batcher.loop.target.visit(sub))], x)],
                                   leading_lines=loop.body.body[-1].leading_lines)
    inner = [s.visit(sub) for s in batcher.loop.body.body]
    inner[0] = inner[0].with_changes(leading_lines=())
    new_loop = loop.with_changes(body=loop.body.with_changes(body=[*loop.body.body[:-1], bind, *inner]))
    new_made = body[made[0]].with_changes(body=[_small(body[made[0]]).with_changes(
        targets=[cst.AssignTarget(cst.Name(renames[batcher.lst]))])])
    swap = {id(stmt): tail, id(loop): [new_loop], id(body[made[0]]): [new_made]}

    class _T(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if id(original) in swap and isinstance(original, cst.BaseStatement):
                new = swap[id(original)]
                return cst.FlattenSentinel(new) if len(new) != 1 else new[0]
            return updated

    cmodule = tree.add_imports(tree.modules[cpath].visit(_T()), free[1])
    _replace(tree, cpath, cmodule)
    _drop(tree, bpath, helper.name.value, cpath, node)
    return True


def _consumed_param(fn: cst.FunctionDef) -> str | None:
    """The parameter a function reads once, by ``x = p.dequeue()`` standing directly in its body (a function
    handed a returned queue to parse and batch, round 49's ``batch_logs(input_queue, batch_size)``); None."""
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    counts = name_counts(fn)
    for p in fn.params.params:
        name = p.name.value
        if counts.get(name) != 2:
            continue
        for stmt in body:
            small = _small(stmt)
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                    isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call) and \
                    not small.value.args and isinstance(small.value.func, cst.Attribute) and \
                    small.value.func.attr.value == "dequeue" and isinstance(small.value.func.value, cst.Name) and \
                    small.value.func.value.value == name:
                return name
    return None


def _inline_consumer(tree: _Tree, bpath: str, helper: cst.FunctionDef, cpath: str, node) -> bool:
    """A function of another module handed a queue its caller bound from a call just before (``q =
    prefetch(...)``) and reading it once by ``x = q.dequeue()``, inlined at its one call: its parameters bound to
    the call's arguments (a plain name or literal read as it is, anything else bound first to a fresh name, in
    the order of the parameters), its locals renamed apart, its free names read as its module reads them
    (``free_renames``) and its ``return`` value bound to the call's targets. The same ops in the same order;
    the queue then dequeued in the caller, the form ``_move_prefetch`` takes. False where it cannot be."""
    param = _consumed_param(helper)
    body = list(helper.body.body) if isinstance(helper.body, cst.IndentedBlock) else []
    body = body[1:] if body and is_docstring(body[0]) else body
    if param is None or not body or not _inlinable(helper) or not isinstance(_small(body[-1]), cst.Return) or \
            _small(body[-1]).value is None:
        return False
    at = _bound_at(tree, bpath, helper, cpath, node, nested=True)
    if at is None:
        return False
    cfn, cbody, i, assign, bound, free = at
    stmt = cbody[i]
    handed = bound.get(param)
    # (the queue: a name of the caller bound once, by a call earlier in the same block, read only here)
    if not isinstance(handed, cst.Name) or name_counts(cfn).get(handed.value) != 2 or not any(
            isinstance(_small(s), cst.Assign) and len(_small(s).targets) == 1 and
            isinstance(_small(s).targets[0].target, cst.Name) and _small(s).targets[0].target.value == handed.value
            and isinstance(_small(s).value, cst.Call) for s in cbody[:i]):
        return False
    returns = isinstance(assign, cst.Return)
    if not returns and target_names(assign.targets[0].target) is None and \
            not _held_targets(assign.targets[0].target):
        return False
    assigned = _assigned_names(helper)
    taken = set(name_counts(tree.modules[cpath])) | set(name_counts(helper)) | set(free[0].values())
    renames: dict[str, object] = dict(free[0])
    first = _bind_params(bound, assigned, taken, renames)
    for local in sorted(assigned - set(bound) - {"_"}):
        renames[local] = fresh_name(local, taken)
    sub = _Substitute(renames)
    tail = [*first, *(s.visit(sub) for s in body[:-1])]
    ret = _small(body[-1]).value.visit(sub)
    tail.append(cst.SimpleStatementLine([cst.Return(ret) if returns else assign.with_changes(value=ret)]))
    tail[0] = tail[0].with_changes(leading_lines=stmt.leading_lines)

    class _T(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if original is stmt:
                return cst.FlattenSentinel(tail)
            return updated

    _replace(tree, cpath, tree.add_imports(tree.modules[cpath].visit(_T()), free[1]))
    _drop(tree, bpath, helper.name.value, cpath, node)
    return True


def _replace(tree: _Tree, path: str, module: cst.Module) -> None:
    tree.modules[path] = module
    tree.texts[path] = code_of(module)
    tree.changed = True


def _drop(tree: _Tree, bpath: str, fname: str, cpath: str, node, keep: bool = False) -> None:
    """The helper gone from its module (``keep``: left there, for another module's call); a ``from module import
    helper`` in the caller's module loses it."""
    if not keep:
        _replace(tree, bpath, tree.modules[bpath].visit(_Drop(fname)))
    if cpath != bpath and isinstance(node, cst.Name):
        from tfdata_bridge._src.migrate.builder_inline import _AddNames

        _replace(tree, cpath, tree.modules[cpath].visit(_AddNames(node.value, "", False)))


def _move_prefetch(tree: _Tree, bpath: str, helper: cst.FunctionDef, cpath: str, nodes: list,
                   keep: bool = False) -> bool:
    """The prefetch helper copied into the one module calling it (called by its bare name there, at each of its
    calls: a train and an eval input, say), so the same-module form (``copy_dequeues.py``) can take it; False
    where it cannot be."""
    calls = []
    frees = []
    for node in nodes:
        found = _caller_of(tree.modules[cpath], node, nested=True)
        free = tree.free_renames(helper, bpath, cpath, found[0]) if found is not None else None
        if free is None or not _inlinable(helper) or frees and free[0] != frees[0][0]:
            return False
        frees.append(free)
        calls.append(_small(found[1][found[2]]).value)
    cmodule = tree.modules[cpath]
    name = helper.name.value
    if name in name_counts(cmodule):
        name = fresh_name(name, set(name_counts(cmodule)) | set(_top_level(cmodule)))
    copy = helper.with_changes(name=cst.Name(name), leading_lines=())
    if frees[0][0]:
        copy = copy.visit(_Substitute(dict(frees[0][0])))

    class _T(cst.CSTTransformer):
        def leave_Call(self, original, updated):
            return updated.with_changes(func=cst.Name(name)) if any(original is c for c in calls) else updated

    cmodule = cmodule.visit(_T())
    body = list(cmodule.body)
    at = next((k for k, s in enumerate(body) if isinstance(s, (cst.FunctionDef, cst.ClassDef))), len(body))
    lead = [cst.EmptyLine(), cst.EmptyLine()] if at else []
    body.insert(at, copy.with_changes(leading_lines=lead))
    if at < len(body) - 1:
        body[at + 1] = body[at + 1].with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    cmodule = copies_as_loops(tree.add_imports(cmodule.with_changes(body=body), frees[0][1]))
    # (only where each caller dequeues it once per copy into its own join: the form the copy is made for; a queue
    # of batches dequeued per tower, say, stays where ``towers.py`` follows it)
    callers = [f for f in nodes_of(cmodule, cst.FunctionDef) if f.name.value != name and any(
        isinstance(c.func, cst.Name) and c.func.value == name for c in nodes_of(f, cst.Call))]
    module_names = {n for s in cmodule.body for n in _top_names(s)}
    # (or where it reads the queue in batches, by one ``dequeue_many`` after the call: ``many_dequeues.py``)
    if not callers or len(callers) > len(calls) or any(
            _plan(c, name, _returned_queue(helper), module_names) is None and _many_plan(c, name) is None
            and _one_plan(c, name) is None
            for c in callers):
        return False
    _replace(tree, cpath, cmodule)
    _drop(tree, bpath, helper.name.value, cpath, nodes[0], keep)
    _reader_from_self(tree, cpath, name)
    return True


def _reader_from_self(tree: _Tree, cpath: str, helper_name: str) -> None:
    """A reader held on ``self`` (``self.reader = tf.TFRecordReader()`` in ``__init__``) and given to the prefetch
    helper's one call, read by nothing else in the tree, made in the call instead: the same reader op, reading the
    same file queue (``copy_dequeues._passed_reader`` then moves it into the helper)."""
    module = tree.modules[cpath]
    calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Name) and c.func.value == helper_name]
    if len(calls) != 1:
        return
    cls = next((c for c in module.body if isinstance(c, cst.ClassDef) and any(x is calls[0] for x in nodes_of(
        c, cst.Call))), None)
    if cls is None:
        return
    # (the method making the pipeline run once: a second run would read with the same reader again)
    method = next((m for m in cls.body.body if isinstance(m, cst.FunctionDef) and any(
        x is calls[0] for x in nodes_of(m, cst.Call))), None)
    if method is None or sum(len([a for a in nodes_of(m, cst.Attribute) if a.attr.value == method.name.value])
                             for m in _holders(tree, cpath, cls.name.value).values()) > 1:
        return
    for arg in calls[0].args:
        value = arg.value
        if not (isinstance(value, cst.Attribute) and isinstance(value.value, cst.Name) and value.value.value == "self"):
            continue
        attr = value.attr.value
        init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return
        made = [s for s in init.body.body if isinstance(_small(s), cst.Assign) and len(_small(s).targets) == 1
                and dotted(_small(s).targets[0].target) == f"self.{attr}"]
        if len(made) != 1:
            return
        reader = _small(made[0]).value
        reader = _unless_given(tree, cpath, cls, init, reader)
        if not (isinstance(reader, cst.Call) and dotted(reader.func).endswith("Reader") and
                not names_in(cst.Tuple([cst.Element(a.value) for a in reader.args])) - {"True", "False", "None"}):
            return
        for path, other in _holders(tree, cpath, cls.name.value).items():
            uses = [a for a in nodes_of(other, cst.Attribute) if a.attr.value == attr]
            called = {id(c.func) for c in nodes_of(other, cst.Call)}
            if path == cpath:
                if len(uses) != 2 or f"'{attr}'" in code_of(other) or f'"{attr}"' in code_of(other):
                    return
            elif any(id(a) not in called for a in uses):
                return
        rest = [s for s in init.body.body if s is not made[0]]
        new_init = init.with_changes(body=init.body.with_changes(body=rest or [cst.SimpleStatementLine([cst.Pass()])]))

        class _T(cst.CSTTransformer):
            def leave_Arg(self, original, updated):
                return updated.with_changes(value=reader) if original is arg else updated

            def leave_FunctionDef(self, original, updated):
                return new_init if original is init else updated

        _replace(tree, cpath, module.visit(_T()))
        return


def _unless_given(tree: _Tree, cpath: str, cls: cst.ClassDef, init: cst.FunctionDef, value: cst.BaseExpression
                  ) -> cst.BaseExpression:
    """The reader ``__init__`` makes where it is given none: ``R()`` for ``p if p else R()`` (``R() if p is None
    else p``, ``p or R()``) of a parameter ``p`` defaulting to ``None``, read nowhere else, that no construction of
    the class in the tree gives (skip-thoughts' ``input_reader if input_reader else tf.TFRecordReader()``); the
    value itself otherwise. The class must be named only where it is defined, imported and constructed (a
    subclass or an alias could pass ``p``)."""
    p = made = None
    if isinstance(value, cst.IfExp) and isinstance(value.body, cst.Name) and isinstance(value.test, cst.Name) \
            and value.body.value == value.test.value:
        p, made = value.body.value, value.orelse
    elif isinstance(value, cst.IfExp) and isinstance(value.orelse, cst.Name) and \
            isinstance(value.test, cst.Comparison) and isinstance(value.test.left, cst.Name) and \
            value.test.left.value == value.orelse.value and len(value.test.comparisons) == 1 and \
            isinstance(value.test.comparisons[0].operator, cst.Is) and \
            dotted(value.test.comparisons[0].comparator) == "None":
        p, made = value.orelse.value, value.body
    elif isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) and \
            isinstance(value.left, cst.Name):
        p, made = value.left.value, value.right
    if p is None or not isinstance(made, cst.Call):
        return value
    params = list(init.params.params)
    at = next((i for i, q in enumerate(params) if q.name.value == p), None)
    if at is None or at == 0 or not (isinstance(params[at].default, cst.Name) and params[at].default.value == "None") \
            or name_counts(init).get(p) != 3 or init.params.star_kwarg is not None:
        return value
    name = cls.name.value
    for path, module in _holders(tree, cpath, name).items():
        named = [n for n in nodes_of(module, cst.Name) if n.value == name]
        defs = {id(c.name) for c in nodes_of(module, cst.ClassDef)}
        imports = {id(n) for i in [*nodes_of(module, cst.Import), *nodes_of(module, cst.ImportFrom)]
                   for n in nodes_of(i, cst.Name)}
        calls = [c for c in nodes_of(module, cst.Call)
                 if isinstance(c.func, cst.Name) and c.func.value == name or
                 isinstance(c.func, cst.Attribute) and c.func.attr.value == name]
        heads = {id(c.func if isinstance(c.func, cst.Name) else c.func.attr) for c in calls}
        if any(id(n) not in defs | imports | heads for n in named):
            return value  # (named otherwise: a subclass, an alias, a factory)
        for c in calls:
            positional = [a for a in c.args if a.keyword is None]
            if any(a.star for a in c.args) or len(positional) >= at or \
                    any(a.keyword is not None and a.keyword.value == p for a in c.args):
                return value
    return made


def _holders(tree: _Tree, cpath: str, cls: str) -> dict[str, cst.Module]:
    """The modules that may hold an object of the class ``cls`` of ``cpath``: its own, those naming its module or
    the class, and those naming one of these (an object passed on once more)."""
    leaf = lambda p: tree.names[p].name.rsplit(".", 1)[-1]  # noqa: E731
    first = {p for p, m in tree.modules.items() if p == cpath or leaf(cpath) in code_of(m) or cls in code_of(m)}
    second = {p for p, m in tree.modules.items() if any(leaf(q) in code_of(m) for q in first)}
    return {p: tree.modules[p] for p in first | second}


def inline_handed_copies(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` with each batch helper given a caller's copies inlined and fused into the caller's loop, and each
    prefetch helper of another module copied to its one caller's module; None where nothing changed."""
    many = any(".dequeue_many(" in t or ".dequeue_up_to(" in t for t in texts.values())
    if not any(".dequeue()" in t for t in texts.values()) and not many:
        return None
    tree = _Tree(texts, root)
    for bpath in list(tree.modules):
        for fn in [s for s in tree.modules[bpath].body if isinstance(s, cst.FunctionDef)]:
            batcher = _Batcher(fn)
            if not batcher.ok:
                continue
            sites = tree.sites(bpath, fn.name.value)
            if len(sites) == 1:
                _fuse(tree, bpath, fn, batcher, *sites[0])
    # (a function of another module handed the returned queue, dequeuing it once: inlined at its one call)
    for bpath in list(tree.modules):
        for fn in [s for s in tree.modules[bpath].body if isinstance(s, cst.FunctionDef)]:
            if _consumed_param(fn) is None:
                continue
            sites = tree.sites(bpath, fn.name.value)
            if len(sites) == 1 and sites[0][0] != bpath:
                _inline_consumer(tree, bpath, fn, *sites[0])
    for bpath in list(tree.modules):
        for fn in [s for s in tree.modules[bpath].body if isinstance(s, cst.FunctionDef)]:
            if _returned_queue(fn) is None:
                continue
            sites = tree.sites(bpath, fn.name.value)
            # (every call in other modules: the sites ``sites`` doubles for a name in a string or a re-export
            # are one node twice, never taken; a copy for each calling module, each call its own queue as before,
            # the helper gone where every module took its copy)
            if not sites or any(p == bpath for p, _ in sites) or len({id(n) for _, n in sites}) != len(sites):
                continue
            paths = list(dict.fromkeys(p for p, _ in sites))
            moved = [_move_prefetch(tree, bpath, fn, cpath, [n for p, n in sites if p == cpath], keep=True)
                     for cpath in paths]
            if all(moved):
                _replace(tree, bpath, tree.modules[bpath].visit(_Drop(fn.name.value)))
    return tree.texts if tree.changed else None


__all__ = ["inline_handed_copies"]


# --- A reader class handed to a helper as a parameter -------------------------------------------------------------
#
#     # decoder.py                                            # the program
#     def read_dataset(file_read_func, decode_func, files):   tensor_dict = decoder.read_dataset(
#         queue = tf.train.string_input_producer(files)            tf.TFRecordReader, decode, files)
#         _, serialized = file_read_func().read(queue)
#         return decode_func(serialized)
#
# (object detection's ``read_dataset(file_read_func, ...)``, slim's ``parallel_read(reader_class=...)``). The
# recogniser follows a reader by the API its constructor names; a class handed in hides it. Where every call of the
# helper in the tree hands the same TensorFlow reader class (by position or keyword, or leaves a default that is
# one), the helper constructs that class by name and loses the parameter, and each call its argument: the same
# reader made by the same code, so the same program. The helper is a top-level function reading the parameter only
# by calling it (``cls()``, ``cls(**kwargs)``) or handing it on as a call's argument (to a helper followed next, in
# rounds), binding it nowhere; each use of the helper in the tree is a call, with no ``*``/``**`` argument, whose reader class is spelled through its module's imports (``tf.TFRecordReader``,
# ``tf.compat.v1.TextLineReader``, ``v1.WholeFileReader`` for ``v1 = tf.compat.v1``, a name imported from
# ``tensorflow.compat.v1``) and not hidden by a local of the calling function. A class's ``__init__`` may take the
# class too, where it stores it once on ``self`` (``self._reader_class = reader_class``) and its methods only call
# that attribute on their ``self`` (or hand it on), no other code of the tree naming it: the store goes with the parameter, each
# construction loses its argument. A reader *object* handed in (``read_and_decode(reader, queue)``) is taken so
# where the function reads it once (``reader.read(queue)``, in no loop) and every call hands one made for it
# alone: inline (``tf.TFRecordReader()``), or by a statement of the calling function binding a name read only by
# the call, a later statement of the same block with no loop between (a loop's turn making the reader for its own
# call too), the same class with the same literal arguments everywhere; the reader is made in
# the read instead (``tf.TFRecordReader().read(queue)``) and the caller's statement goes. The reader op is made a
# little later, in the same graph: the same records, read the same way. ``tree.rewrite_tree`` keeps the result only
# where fewer pipelines are left. A reader *factory* handed where the class is expected (a Cloud ML trainer's
# ``reader=gzip_reader``, ``def gzip_reader(): return tf.TFRecordReader(options=...)`` nested in the calling
# function or at its module's top, or ``lambda: tf.TFRecordReader(...)``) counts as the reader it returns: each
# ``reader()`` of the helper becomes that reader call, spelled through the helper's module (imports it lacks added),
# its options (GZIP, ZLIB) kept, where every call hands the same one and its arguments read only literals, the
# calling module's imports or builtins (``_factory_reader``); the factory, read by nothing else, goes.


def _reader_api(module: cst.Module, expr: cst.BaseExpression | None) -> str | None:
    """The TensorFlow reader class (``"TFRecordReader"``) ``expr`` names through ``module``'s top-level imports
    (or a module alias of ``tensorflow``); None for anything else."""
    from tfdata_bridge._src.migrate.calls import module_aliases
    from tfdata_bridge._src.migrate.named_apis import READERS
    from tfdata_bridge._src.migrate.calls import top_imports as _imports

    path = dotted(expr) if expr is not None else ""
    if not path:
        return None
    head, _, rest = path.partition(".")
    full = _imports(module).get(head) or module_aliases(module).get(head)
    if full is None:
        return None
    whole = full + (f".{rest}" if rest else "")
    for prefix in ("tensorflow.", "tensorflow.compat.v1."):
        leaf = whole[len(prefix):] if whole.startswith(prefix) else ""
        if leaf in READERS:
            return leaf
    return None


def _class_reads_only(fn: cst.FunctionDef, name: str) -> bool:
    """``name`` is read in ``fn``'s body (at least once) only as the callee of calls or as a call's argument (handed
    on to another helper: ``read_and_decode(queue, reader_cls)``), and bound there nowhere (no nested function,
    lambda or comprehension takes it as its own)."""
    reads = [n for n in identifiers(fn.body) if n.value == name]
    calls = nodes_of(fn.body, cst.Call)
    taken = {id(c.func) for c in calls} | {id(a.value) for c in calls for a in c.args if not a.star}
    if not reads or any(id(n) not in taken for n in reads) or name in bound_names(fn.body):
        return False
    inner = [*nodes_of(fn.body, cst.FunctionDef), *nodes_of(fn.body, cst.Lambda)]
    return not any(name in param_names(f) if isinstance(f, cst.FunctionDef) else
                   name in {p.name.value for p in f.params.params} for f in inner) and \
        not nodes_of(fn.body, cst.Global) and not nodes_of(fn.body, cst.Nonlocal)


def _looped(up, node: cst.CSTNode, top: cst.CSTNode) -> bool:
    """``node`` stands in a loop, a comprehension, a lambda or a nested function below ``top``."""
    node = up.get(id(node))
    while node is not None and node is not top:
        if isinstance(node, (cst.For, cst.While, cst.CompFor, cst.Lambda, cst.FunctionDef)):
            return True
        node = up.get(id(node))
    return False


def _read_only(fn: cst.FunctionDef, name: str, up) -> cst.Name | None:
    """The one read of ``name`` in ``fn``'s body where it is the reader of ``name.read(...)`` (or ``read_up_to``),
    bound nowhere in ``fn`` and read once, in no loop (a reader handed in, read by one op); None otherwise."""
    reads = [n for n in identifiers(fn.body) if n.value == name]
    if len(reads) != 1 or name in bound_names(fn.body) or _looped(up, reads[0], fn):
        return None
    receivers = {id(c.func.value) for c in nodes_of(fn.body, cst.Call) if isinstance(c.func, cst.Attribute)
                 and c.func.attr.value in ("read", "read_up_to")}
    return reads[0] if id(reads[0]) in receivers else None


def _shared_reads(fn: cst.FunctionDef, name: str) -> list[cst.Name] | None:
    """The reads of ``name`` in ``fn``'s body where each is the reader of a ``name.read(...)`` (or ``read_up_to``)
    and the name is bound nowhere in ``fn`` (nor taken by a nested function or lambda as its own): one reader
    handed in and read by several ops, or by one op in a loop (each ``read`` of it takes the next record of that
    one reader's stream); None otherwise."""
    reads = [n for n in identifiers(fn.body) if n.value == name]
    if not reads or name in bound_names(fn.body) or nodes_of(fn.body, cst.Global) or nodes_of(fn.body, cst.Nonlocal):
        return None
    inner = [*nodes_of(fn.body, cst.FunctionDef), *nodes_of(fn.body, cst.Lambda)]
    if any(name in param_names(f) if isinstance(f, cst.FunctionDef) else name in {p.name.value for p in f.params.params}
           for f in inner):
        return None
    receivers = {id(c.func.value) for c in nodes_of(fn.body, cst.Call) if isinstance(c.func, cst.Attribute)
                 and c.func.attr.value in ("read", "read_up_to")}
    return reads if all(id(n) in receivers for n in reads) else None


def _literal(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    return isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or \
        isinstance(value, cst.Name) and value.value in ("True", "False", "None")


def _reader_made(module: cst.Module, up, call: cst.Call, value: cst.BaseExpression, caller):
    """(the reader class, its arguments as code, the statement making it in the caller or None) where ``value``
    (a call's argument) is a reader made by a TensorFlow reader class with literal arguments: inline, or a name
    the calling function binds once to one, by a statement of its own, reads only there: in a later statement
    of the same block, with no loop between (in a loop's body, each turn makes its reader for its call); None
    otherwise."""
    stmt = None
    if isinstance(value, cst.Name):
        if caller is None:
            return None
        binds = [t for t in nodes_of(caller.body, cst.AssignTarget) if isinstance(t.target, cst.Name)
                 and t.target.value == value.value]
        reads = [n for n in identifiers(caller.body) if n.value == value.value]
        if len(binds) != 1 or len(reads) != 2 or value.value in param_names(caller):
            return None
        assign = up.get(id(binds[0]))
        stmt = up.get(id(assign))
        if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1 and
                isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
            return None
        # (the call stands after it in its block, no loop between: one reader made for each call, a loop's turn
        # making its own as its call's)
        at = up.get(id(stmt))
        node = call
        while node is not None and up.get(id(node)) is not at:
            node = up.get(id(node))
        if not isinstance(at, cst.IndentedBlock) or node is None or node not in at.body or \
                at.body.index(node) <= at.body.index(stmt) or _looped(up, call, at):
            return None
        value = assign.value
    if not isinstance(value, cst.Call) or any(a.star or not _literal(a.value) for a in value.args):
        return None
    api = _reader_api(module, value.func)
    if api is None:
        return None
    code = cst.Module([]).code_for_node
    args = ", ".join((f"{a.keyword.value}=" if a.keyword is not None else "") + code(a.value) for a in value.args)
    return api, args, stmt


def _class_at(call: cst.Call, fn: cst.FunctionDef, name: str):
    """(the argument binding parameter ``name`` of ``fn`` at ``call``, or None where the call leaves its default;
    whether the call can be read so): False for a ``*``/``**`` argument or an argument that binds no parameter."""
    params = list(fn.params.params)
    if any(a.star for a in call.args) or fn.params.posonly_params:
        return None, False
    positional = [a for a in call.args if a.keyword is None]
    if len(positional) > len(params) and not isinstance(fn.params.star_arg, cst.Param):
        return None, False
    names = [p.name.value for p in params]
    found = None
    if name in names and names.index(name) < len(positional):
        found = positional[names.index(name)]
    for a in call.args:
        if a.keyword is not None and a.keyword.value == name:
            if found is not None:
                return None, False
            found = a
    return found, True


def _without_arg(call: cst.Call, arg: cst.Arg) -> cst.Call:
    args = [a for a in call.args if a is not arg]
    if args:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return call.with_changes(args=args)


class _NodeSwap(cst.CSTTransformer):
    """Nodes replaced by identity (``id(original)`` -> the new node)."""

    def __init__(self, swaps: dict[int, cst.CSTNode]) -> None:
        self.swaps = swaps

    def on_leave(self, original, updated):
        return self.swaps.get(id(original), updated)


def _stored_class(cls: cst.ClassDef, init: cst.FunctionDef, name: str, texts) -> tuple | None:
    """(the statement ``self.attr = name`` of ``init``, the nodes naming the class: ``name`` called in ``init``,
    ``self.attr`` called in the class's methods) where ``__init__``'s parameter ``name`` is stored once on ``self``
    and otherwise only called (or handed on as a call's argument), and the attribute is read only so, by its
    class's own methods on their ``self``, assigned nowhere else and named by no other code of the tree
    (``texts``); None otherwise."""
    if len(init.params.params) < 2 or name in bound_names(init.body) or nodes_of(init.body, cst.Global):
        return None
    me = init.params.params[0].name.value
    calls = nodes_of(cls, cst.Call)
    callees = {id(c.func) for c in calls} | {id(a.value) for c in calls for a in c.args if not a.star}
    stores = [s for s in init.body.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
              and isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
              and isinstance(s.body[0].value, cst.Name) and s.body[0].value.value == name]
    reads = [n for n in identifiers(init.body) if n.value == name]
    if len(stores) != 1 or len(init.body.body) < 2:
        return None
    target = stores[0].body[0].targets[0].target
    if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == me):
        return None
    attr = target.attr.value
    if any(n is not stores[0].body[0].value and id(n) not in callees for n in reads):
        return None
    named = [n for n in reads if n is not stores[0].body[0].value]
    seen = 0
    for method in cls.body.body:
        if not isinstance(method, cst.FunctionDef) or not method.params.params:
            continue
        own = method.params.params[0].name.value
        inner = [*nodes_of(method.body, cst.FunctionDef), *nodes_of(method.body, cst.Lambda)]
        for a in nodes_of(method, cst.Attribute):
            if a.attr.value != attr:
                continue
            seen += 1
            if a is target:
                continue
            if not (isinstance(a.value, cst.Name) and a.value.value == own and id(a) in callees) or \
                    own in bound_names(method.body) or any(own in param_names(f) if isinstance(f, cst.FunctionDef)
                                                           else own in {p.name.value for p in f.params.params}
                                                           for f in inner):
                return None
            named.append(a)
    word = re.compile(r"\.\s*%s\b|['\"]%s['\"]" % (re.escape(attr), re.escape(attr)))
    if sum(len(word.findall(t)) for t in texts.values()) != seen:
        return None  # (named elsewhere: another class's attribute, a ``getattr``, a read outside the class)
    return stores[0], named


def _hand_reader_class(tree: _Tree, bpath: str, fn: cst.FunctionDef, param: cst.Param,
                       cls: cst.ClassDef | None = None, texts=None) -> bool:
    """Every call of ``fn`` (or every construction of ``cls``, ``fn`` its ``__init__``) hands the same TensorFlow
    reader class as ``param``: the class written by name where it is called, the parameter, a store of it on
    ``self`` and the calls' arguments gone. False (nothing changed) where that is not so."""
    from tfdata_bridge._src.migrate.calls import v1_spelling
    from tfdata_bridge._src.migrate.queue_size import parents

    name = param.name.value
    if param not in fn.params.params and param not in fn.params.kwonly_params:
        return False
    made = None  # (the object form: the one ``name.read(...)`` of a reader handed in)
    shared = False  # (the object form read by several ops, or in a loop: made once, first in the helper)
    if cls is None:
        made = _read_only(fn, name, parents(tree.modules[bpath]))
        if made is None and not _class_reads_only(fn, name):
            if _shared_reads(fn, name) is None:
                return False
            made, shared = True, True
        store, named = None, [n for n in identifiers(fn.body) if n.value == name]
        bound_fn = fn
    else:
        found = _stored_class(cls, fn, name, texts)
        if found is None or param is fn.params.params[0]:
            return False
        store, named = found
        bound_fn = fn.with_changes(params=fn.params.with_changes(params=fn.params.params[1:]))
    owner = cls if cls is not None else fn
    sites = [(p, n) for p, n in tree.sites(bpath, owner.name.value, namespaces=cls is None) if n is not owner.name]
    if not sites or len({id(n) for _, n in sites}) != len(sites):
        return False
    chosen: set[str] = set()
    edits: dict[str, dict[int, cst.CSTNode]] = {}
    factory, imports_needed = None, []  # (a reader factory handed in: the reader it returns)
    freed: dict[str, set[str]] = {}
    for cpath, node in sites:
        module = tree.modules[cpath]
        up = parents(module)
        call = up.get(id(node))
        if not isinstance(call, cst.Call) or call.func is not node:
            return False
        arg, ok = _class_at(call, bound_fn, name)
        if not ok:
            return False
        if arg is None:
            if param.default is None or made is not None:
                return False
            chosen.add(_reader_api(tree.modules[bpath], param.default) or "")
            continue
        caller = up.get(id(call))
        while caller is not None and not isinstance(caller, cst.FunctionDef):
            caller = up.get(id(caller))
        if made is not None:  # (a reader object: made inline, or by a statement of the caller that goes)
            reader = _reader_made(module, up, call, arg.value, caller)
            if reader is None:
                return False
            chosen.add(f"{reader[0]}({reader[1]})")
            head = dotted(reader[2].body[0].value.func if reader[2] is not None else arg.value.func).split(".")[0]
            if reader[2] is not None:
                edits.setdefault(cpath, {})[id(reader[2])] = cst.RemovalSentinel.REMOVE
        else:
            api = _reader_api(module, arg.value)
            if api is None and cls is None:  # (a factory handed where a class is expected: ``reader=gzip_reader``)
                got = _factory_reader(tree, cpath, bpath, fn, up, arg.value, caller)
                if got is None:
                    return False
                spelled_call, needed, drop = got
                chosen.add("=" + cst.Module([]).code_for_node(spelled_call))
                factory = (spelled_call,)
                imports_needed += [i for i in needed if cst.Module([i]).code not in
                                   {cst.Module([j]).code for j in imports_needed}]
                if drop is not None:
                    edits.setdefault(cpath, {})[id(drop)] = cst.RemovalSentinel.REMOVE
                    freed.setdefault(cpath, set()).update(names_in(drop))  # (imports only it read may go)
                edits.setdefault(cpath, {})[id(call)] = _without_arg(call, arg)
                continue
            chosen.add(api or "")
            head = dotted(arg.value).split(".")[0]
        if caller is not None and (head in _assigned_names(caller) or head in param_names(caller)):
            return False  # (a local of the calling function: not the module's import)
        edits.setdefault(cpath, {})[id(call)] = _without_arg(call, arg)
    if len(chosen) != 1 or "" in chosen:
        return False
    if factory is not None:
        return _write_factory_reader(tree, bpath, fn, param, factory[0], imports_needed, edits, freed)
    home = tree.modules[bpath]
    prefix, alias = v1_spelling(home, set(name_counts(home)))
    spelled = cst.parse_expression(f"{prefix}.{next(iter(chosen))}")
    if made is not None:
        chosen = {next(iter(chosen)).split("(")[0]}  # (the class, for its import by name)
    swaps: dict[int, object] = {} if shared else {id(n): spelled for n in named}
    swaps[id(fn.params)] = params_without(fn, param)
    if shared:  # (``reader = tf.TFRecordReader()`` made once per call, just before the body's first statement
        # reading it: where ``copy_dequeues`` makes a reader it moves into a prefetch helper, so a queue chosen by an
        # ``if`` before the readers' loop, split into one pipeline per branch (``tail_split.py``), has each branch
        # make its own, as each ran the one reader; made before that ``if`` it would be shared by both)
        body = list(fn.body.body)
        first = {id(n) for n in named}
        at = next(i for i, s in enumerate(body) if any(id(n) in first for n in identifiers(s)))
        made_stmt = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], spelled)])
        swaps[id(fn.body)] = fn.body.with_changes(body=[*body[:at], made_stmt, *body[at:]])
    if store is not None:
        swaps[id(store)] = cst.RemovalSentinel.REMOVE
    new_owner = owner.visit(_NodeSwap(swaps))
    # (the calls are edited first, each module once; the helper's module then, where a call of its own may stand)
    from tfdata_bridge._src.migrate.provider_inline import _unimported

    for cpath, swap in edits.items():  # (a reader class imported by name for the call alone: its import goes)
        if cpath != bpath:
            _replace(tree, cpath, _unimported(tree.modules[cpath].visit(_NodeSwap(swap)), *chosen))
    swap = edits.get(bpath, {})
    module = tree.modules[bpath]

    class _Both(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if original is owner:
                return new_owner.visit(_NodeSwap(swap))
            return swap.get(id(original)) or updated

    module = _unimported(module.visit(_Both()), *chosen)
    if alias is not None:
        module = tree.add_imports(module, [cst.parse_statement(f"import tensorflow.compat.v1 as {alias}\n")])
    _replace(tree, bpath, module)
    return True


def _factory_def(module: cst.Module, caller, value: cst.BaseExpression):
    """(the reader call a factory returns, the statement defining it where it goes with its one use, or None)
    for ``value`` handed at a call: ``lambda: tf.TFRecordReader(...)``, or the name of a function taking nothing
    whose one statement returns a reader call, defined once in the calling function (read there only by this
    argument: it goes) or at the top of the module; None otherwise."""
    from tfdata_bridge._src.migrate.reader_factory import factory_body

    if isinstance(value, cst.Lambda):
        p = value.params
        if p.params or p.kwonly_params or p.posonly_params or isinstance(p.star_arg, cst.Param) or \
                isinstance(p.star_kwarg, cst.Param):
            return None
        return (value.body, None) if isinstance(value.body, cst.Call) else None
    if not isinstance(value, cst.Name):
        return None
    name, drop = value.value, None
    if caller is not None and name in param_names(caller) | _assigned_names(caller):
        return None
    local = [f for f in nodes_of(caller.body, cst.FunctionDef) if f.name.value == name] if caller is not None else []
    if local:
        if len(local) != 1 or local[0] not in caller.body.body or \
                len([n for n in identifiers(caller.body) if n.value == name and n is not local[0].name]) != 1:
            return None
        fn, drop = local[0], local[0]
    else:
        tops = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
        if len(tops) != 1 or name in _top_level_binds(module) - {name} or \
                len([f for f in nodes_of(module, cst.FunctionDef) if f.name.value == name]) != 1:
            return None
        fn = tops[0]
        if name_counts(module)[name] == 2:
            drop = fn
    p = fn.params
    if p.params or p.kwonly_params or p.posonly_params or isinstance(p.star_arg, cst.Param) or \
            isinstance(p.star_kwarg, cst.Param) or fn.decorators or fn.asynchronous:
        return None
    body = factory_body(fn)
    small = _small(body[0]) if len(body) == 1 else None
    if not (isinstance(small, cst.Return) and isinstance(small.value, cst.Call)):
        return None
    return small.value, drop


def _top_level_binds(module: cst.Module) -> set[str]:
    out: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign):
                    for t in small.targets:
                        out |= names_in(t.target)
    return out


def _factory_reader(tree: _Tree, cpath: str, bpath: str, helper: cst.FunctionDef, up, value, caller):
    """(the reader call ``value`` -- a factory handed where ``helper`` takes a reader class -- returns, spelled in
    the helper's module; the imports that module needs for it; the factory's definition where it goes) where the
    factory is one ``_factory_def`` takes and its reader's arguments read only literals and the calling module's
    imports (or builtins); None otherwise. The reader's ``options`` (GZIP, ZLIB) go with it."""
    module = tree.modules[cpath]
    found = _factory_def(module, caller, value)
    if found is None:
        return None
    made, drop = found
    if _reader_api(module, made.func) is None or any(a.star for a in made.args):
        return None
    if caller is not None and names_in(made) & (param_names(caller) | _assigned_names(caller)):
        return None  # (a local of the calling function: not known where the helper reads)
    import builtins

    tops = _top_level(module)
    if any(n not in tops and not hasattr(builtins, n) for n in names_in(made)):
        return None  # (a name of an enclosing function, a closure's: not known where the helper reads)
    fake = cst.FunctionDef(cst.Name("_factory"), cst.Parameters(),
                           cst.IndentedBlock([cst.SimpleStatementLine([cst.Return(made)])]))
    got = tree.free_renames(fake, cpath, bpath, helper)
    if got is None:
        return None
    renames, imports = got
    free = set(name_counts(tree.modules[bpath])) | set(name_counts(helper))
    for old, fresh in list(renames.items()):  # (a name the helper's module does not know keeps its own spelling:
        # ``TFRecordCompressionType.GZIP`` stays what the compression check reads)
        if old in free:
            continue
        for k, stmt in enumerate(imports):
            small = stmt.body[0]
            names = small.names if isinstance(small, (cst.Import, cst.ImportFrom)) and \
                not isinstance(small.names, cst.ImportStar) else ()
            if len(names) == 1 and names[0].asname is not None and names[0].asname.name.value == fresh:
                plain = isinstance(names[0].name, cst.Name) and names[0].name.value == old
                alias = names[0].with_changes(asname=None if plain else cst.AsName(cst.Name(old)))
                imports[k] = stmt.with_changes(body=[small.with_changes(names=[alias])])
                del renames[old]
                break
    swaps = {id(n): n.with_changes(value=renames[n.value]) for n in identifiers(made) if n.value in renames}
    return made.visit(_NodeSwap(swaps)) if swaps else made, imports, drop


def _write_factory_reader(tree: _Tree, bpath: str, fn: cst.FunctionDef, param: cst.Param, spelled: cst.Call,
                          imports: list, edits: dict, freed: dict[str, set[str]]) -> bool:
    """``fn`` with each ``param()`` replaced by ``spelled`` (the reader its callers' factory returns), the
    parameter gone; the calls' arguments (and factories used by nothing else) gone. False where ``param`` is read
    otherwise than called with no arguments."""
    name = param.name.value
    named = [n for n in identifiers(fn.body) if n.value == name]
    calls = {id(c.func): c for c in nodes_of(fn.body, cst.Call) if isinstance(c.func, cst.Name)}
    if not named or any(id(n) not in calls or calls[id(n)].args for n in named):
        return False
    swaps: dict[int, object] = {id(calls[id(n)]): spelled for n in named}
    swaps[id(fn.params)] = params_without(fn, param)
    new_fn = fn.visit(_NodeSwap(swaps))
    from tfdata_bridge._src.migrate.provider_inline import _unimported

    def unimported(path: str, module: cst.Module) -> cst.Module:
        for n in sorted(freed.get(path, ())):  # (``from m import X`` that only a dropped factory read)
            module = _unimported(module, n)
        return module

    for cpath, swap in edits.items():
        if cpath != bpath:
            _replace(tree, cpath, unimported(cpath, tree.modules[cpath].visit(_NodeSwap(swap))))
    swap = edits.get(bpath, {})

    class _Both(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if original is fn:
                return new_fn.visit(_NodeSwap(swap))
            return swap.get(id(original), updated)

    _replace(tree, bpath, tree.add_imports(unimported(bpath, tree.modules[bpath].visit(_Both())), imports))
    return True


def _hand_none_reader(tree: _Tree, bpath: str, fn: cst.FunctionDef, param: cst.Param, readers: set[str]) -> bool:
    """Every call of ``fn`` in the tree leaves its reader parameter ``param`` at its default ``None`` or passes a
    literal ``None``: ``fn`` written for ``None``, the parameter and the calls' ``None`` gone (``none_readers.py``).
    False (nothing changed) where that is not so."""
    from tfdata_bridge._src.migrate.calls import is_none
    from tfdata_bridge._src.migrate.none_readers import without_none_param
    from tfdata_bridge._src.migrate.queue_size import parents

    new_fn = without_none_param(fn, param, readers)
    if new_fn is None:
        return False
    sites = [(p, n) for p, n in tree.sites(bpath, fn.name.value) if n is not fn.name]
    if not sites or len({id(n) for _, n in sites}) != len(sites):
        return False
    edits: dict[str, dict[int, cst.CSTNode]] = {}
    for cpath, node in sites:
        up = parents(tree.modules[cpath])
        call = up.get(id(node))
        if not isinstance(call, cst.Call) or call.func is not node:
            return False
        arg, ok = _class_at(call, fn, param.name.value)
        if not ok or any(a.keyword is not None and a.keyword.value not in param_names(fn) for a in call.args):
            return False
        if arg is not None:
            if not (isinstance(arg.value, cst.Name) and is_none(arg.value)):
                return False
            edits.setdefault(cpath, {})[id(call)] = _without_arg(call, arg)
    for cpath, swap in edits.items():
        if cpath != bpath:
            _replace(tree, cpath, tree.modules[cpath].visit(_NodeSwap(swap)))
    swap = edits.get(bpath, {})

    class _Both(cst.CSTTransformer):
        def on_leave(self, original, updated):
            if original is fn:
                return new_fn.visit(_NodeSwap(swap))
            return swap.get(id(original)) or updated

    _replace(tree, bpath, tree.modules[bpath].visit(_Both()))
    return True


_ROUNDS = 4  # (helpers handing a class on, followed down this many)


def _inits(module: cst.Module) -> list[tuple[cst.ClassDef, cst.FunctionDef]]:
    """(class, its ``__init__``) of each top-level class of ``module`` defining one in its own body."""
    return [(c, f) for c in module.body if isinstance(c, cst.ClassDef) for f in c.body.body
            if isinstance(f, cst.FunctionDef) and f.name.value == "__init__"]


def inline_handed_reader_classes(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` with each reader class every call hands a helper written in the helper by name (the parameter and
    the calls' arguments gone); None where nothing changed."""
    if not any("Reader" in t for t in texts.values()) or not any("_producer(" in t or ".read(" in t
                                                                   for t in texts.values()):
        return None
    from tfdata_bridge._src.migrate.queue_size import parents

    # (only the modules of helpers calling a parameter, and those naming such a helper, are parsed: the rest of the
    # tree cannot call one)
    helpers: set[str] = set()
    parsed: list[cst.Module] = []
    for path, text in texts.items():
        if ".read(" not in text and ".read_up_to(" not in text and "Reader" not in text:
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        up = parents(module)
        helpers |= {fn.name.value for fn in module.body if isinstance(fn, cst.FunctionDef)
                    and any(_class_reads_only(fn, p.name.value) or _read_only(fn, p.name.value, up) is not None
                            or _shared_reads(fn, p.name.value) is not None
                            for p in [*fn.params.params, *fn.params.kwonly_params])}
        helpers |= {c.name.value for c, init in _inits(module)
                    if any(_stored_class(c, init, p.name.value, texts) for p in init.params.params[1:])}
        parsed.append(module)
    # (a reader parameter defaulting to ``None``, every call leaving it so: ``none_readers.py``)
    from tfdata_bridge._src.migrate.none_readers import reader_takers

    takers = reader_takers(parsed)
    helpers |= takers
    if not helpers:
        return None
    # (a module naming a namespace that holds a helper may call it through it: ``namespace_calls.py``)
    from tfdata_bridge._src.migrate.namespace_calls import held_in_namespaces

    tops = {top for m in parsed for fn in helpers for top, _, _ in held_in_namespaces(m, fn) or []}
    words = re.compile(r"\b(%s)\b" % "|".join(sorted(helpers | tops)))
    naming = {p: t for p, t in texts.items() if words.search(t)}
    tree = _Tree(naming, root)
    if set(tree.modules) != set(naming):
        return None  # (a module naming a helper that is not read, a script without ``def`` or one that does not
        # parse, may call it: its calls would not be followed)
    # (until nothing changes: a class written into a helper that hands it on makes the next helper's calls known;
    # each module is new after a change, its functions looked up again)
    for _ in range(_ROUNDS):
        before = tree.changed
        tree.changed = False
        for bpath in list(tree.modules):
            again = True
            while again:
                again = False
                for fn in [s for s in tree.modules[bpath].body if isinstance(s, cst.FunctionDef)]:
                    if fn.name.value in helpers and any(_hand_reader_class(tree, bpath, fn, p)
                                                        for p in [*fn.params.params, *fn.params.kwonly_params]):
                        again = True
                        break
                    if fn.name.value in takers and any(_hand_none_reader(tree, bpath, fn, p, takers)
                                                       for p in [*fn.params.params, *fn.params.kwonly_params]):
                        again = True
                        break
                for cls, init in [] if again else _inits(tree.modules[bpath]):
                    if cls.name.value in helpers and any(_hand_reader_class(tree, bpath, init, p, cls, texts)
                                                         for p in init.params.params[1:]):
                        again = True
                        break
        progressed, tree.changed = tree.changed, before or tree.changed
        if not progressed:
            break
    return {**texts, **tree.texts} if tree.changed else None
