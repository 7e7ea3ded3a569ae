"""A reader function taken from a registry by a name every caller gives as a literal: one branch per name.

    # factory_lib/registry.py                       # the script
    _READERS = {"fixed": readers.read_fixed,         def make_batches(data_dir, name):
                "csv": readers.read_csv}                 if name == "fixed":
                                                             files = ...registry.file_pattern(name)...
    def get_reader(name):                                    queue = tf.train.string_input_producer(files, ...)
        if name not in _READERS:                             value, label = factory_lib.readers.read_fixed(queue)
            raise ValueError(name)                           return tf.train.batch([value, label], 5)
        return _READERS[name]                            files_2 = ...registry.file_pattern(name)...
                                                         queue_2 = tf.train.string_input_producer(files_2, ...)
    # the script                                         value_2, label_2 = factory_lib.readers.read_csv(queue_2)
    def make_batches(data_dir, name):                    return tf.train.batch([value_2, label_2], 5)
        files = ...registry.file_pattern(name)...
        queue = tf.train.string_input_producer(files, ...)      (``make_batches(d, "fixed")``,
        read_fn = registry.get_reader(name)                      ``make_batches(d, "csv")``)
        value, label = read_fn(queue)
        return tf.train.batch([value, label], 5)

(slim's ``dataset_factory``, reduced to functions: held-out round 16). The recogniser follows a reader helper
the pipeline calls by its name; one chosen at run time out of a dict hides it. The name is known where every call
of the function passes it as a string literal (or leaves a literal default), so each name's reader is known, and
the function becomes one copy of its body per name, each calling its reader by name, chosen by ``if name == ...``
in the order the names are first passed (the last copy unconditional: no other name reaches it). The same ops,
made in the same order, for each call: the same program, with a straight pipeline in each copy.

The lookup is ``read_fn = get_reader(name)`` of a function of the tree whose body is ``return REG[name]`` (or
``REG.get(name)``, after an ``if name not in REG: raise ...``), ``read_fn = REG[name]``, or ``read_fn =
getattr(module, "read_" + name)`` (a module of the tree; the function name a string made of literals and the
name); ``REG`` a module-level dict of the tree that is a literal of string keys and functions, or an empty dict
filled only by a ``@register("key")`` decorator (``REG[key] = fn`` in its body) on functions of the tree, and
named nowhere else. ``read_fn`` is bound once and only called. The function is a module-level ``def`` of straight
statements ending in one ``return``, called only in its module, by name, every call passing a literal name, and
the name not bound again. ``tree.rewrite_tree`` keeps the result only where fewer pipelines are left.
"""

from __future__ import annotations

import ast
import os
import re

import libcst as cst
from libcst.helpers import calculate_module_and_package

from tfdata_bridge._src.migrate.calls import fresh_name, names_in, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _Rename


class _Module:
    def __init__(self, path: str, text: str, tree: ast.Module, name: str, package: str):
        self.path, self.text, self.tree, self.name, self.package = path, text, tree, name, package
        self.defs = {s.name: s for s in tree.body if isinstance(s, ast.FunctionDef)}
        self.dicts: dict[str, ast.expr] = {}
        bound: dict[str, int] = {}
        for s in ast.walk(tree):
            for t in _targets(s):
                bound[t] = bound.get(t, 0) + 1
        for s in tree.body:
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and \
                    isinstance(s.value, (ast.Dict, ast.Call)) and bound.get(s.targets[0].id) == 1:
                self.dicts[s.targets[0].id] = s.value
        self.imports: dict[str, str] = {}  # local name -> absolute dotted name
        for s in tree.body:
            if isinstance(s, ast.Import):
                for a in s.names:
                    self.imports[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
            elif isinstance(s, ast.ImportFrom):
                base = s.module or ""
                if s.level:
                    parts = package.split(".") if package else []
                    parts = parts[:len(parts) - (s.level - 1)] if s.level > 1 else parts
                    base = ".".join([*parts, *([s.module] if s.module else [])])
                for a in s.names:
                    self.imports[a.asname or a.name] = f"{base}.{a.name}" if base else a.name


def _targets(node: ast.AST) -> list[str]:
    out: list[str] = []
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.With, ast.NamedExpr)):
        todo = node.targets if isinstance(node, ast.Assign) else \
            [i.optional_vars for i in node.items if i.optional_vars] if isinstance(node, ast.With) else [node.target]
        for t in todo:
            out += _bound_names(t)
    elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        out.append(node.name)
    return out


_REGISTRY = re.compile(r"""\{\s*['"]\w+['"]\s*:\s*[\w.]+\s*[,}]|\w\[\w+\]\s*=\s*\w+\s*$""", re.MULTILINE)


def may_register(text: str) -> bool:
    """A module with no queue API that may hold a registry of reader functions (a dict literal of names, or a
    ``REG[key] = fn`` store) or look one up with ``getattr``: part of the tree (``rewriting.links``)."""
    return "def " in text and ("getattr(" in text or _REGISTRY.search(text) is not None)


def _bound_names(target: ast.expr) -> list[str]:
    """The names a target binds (``REG[k] = v`` binds none: it stores into ``REG``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for e in target.elts for n in _bound_names(e)]
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    return []


def resolve_registry_readers(texts: dict[str, str], root: str, why: list | None = None) -> dict[str, str] | None:
    """``texts`` with each function reading through a registry specialised per name; None where none is.
    ``why``: (path, first line, last line, reason) of each function whose lookup is left."""
    if not any("_producer(" in t for t in texts.values()) or \
            not any("getattr(" in t or "{" in t or "dict(" in t for t in texts.values()):
        return None  # (no registry form can be there: nothing is parsed)
    modules: dict[str, _Module] = {}
    for path, text in texts.items():
        if "def " not in text and "import" not in text:
            continue
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            continue
        named = calculate_module_and_package(root, path)
        modules[path] = _Module(path, text, tree, named.name, named.package)
    by_name = {m.name: m for m in modules.values()}
    out = dict(texts)
    done = False
    for path, m in modules.items():
        if "_producer(" not in m.text:
            continue
        for fn in m.defs.values():
            reasons: list[str] = []
            new = _specialised(m, fn, modules, by_name, reasons)
            if why is not None and reasons:
                why.append((path, fn.lineno, fn.end_lineno, reasons[0]))
            if new is not None:
                out[path] = m.text = new
                m.tree = ast.parse(new)
                m.defs = {s.name: s for s in m.tree.body if isinstance(s, ast.FunctionDef)}
                done = True
    return out if done else None


def _specialised(m: _Module, fn: ast.FunctionDef, modules, by_name, reasons: list[str]) -> str | None:
    params = [a.arg for a in fn.args.args]
    site = None
    for i, stmt in enumerate(fn.body):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            lookup = _lookup(m, stmt.value, params, by_name)
            if lookup is not None:
                site = (i, stmt.targets[0].id, *lookup)
                break
    if site is None:
        return None
    index, read_fn, param, refs = site
    # ``read_fn`` bound once, only called; the name parameter never bound again
    bound = [t for s in ast.walk(fn) for t in _targets(s)]
    if bound.count(read_fn) != 1 or param in bound:
        return None
    called = {id(c.func) for c in ast.walk(fn) if isinstance(c, ast.Call)}
    if any(isinstance(n, ast.Name) and n.id == read_fn and id(n) not in called and isinstance(n.ctx, ast.Load)
           for n in ast.walk(fn)):
        return None
    keys = _keys(m, fn, param, modules)
    if not keys or any(k not in refs for k in keys):
        missing = [k for k in keys or () if k not in refs]
        reasons.append(f"the reader `{read_fn}` comes from a registry by the name `{param}`, " + (
            f"and {missing[0]!r} is not one of its names" if missing else
            f"which is not a string literal at every call of `{fn.name}` (or `{fn.name}` is used otherwise): the "
            f"reader is known only at run time") + "; pass the name as a literal, or call the reader function "
            "by its name")
        return None
    return _rewritten(m, fn.name, param, index, read_fn, keys, refs, by_name)


def said_at(results: dict, why: list) -> dict:
    """``results`` (``{path: RewriteResult}``) with each left lookup's reason added to the pipelines it left."""
    from dataclasses import replace

    if not why:
        return results
    out = dict(results)
    for p, r in results.items():
        mine = [(a, b, t) for path, a, b, t in why if os.path.abspath(p) == path]
        if not mine:
            continue

        def said(n):
            for a, b, t in mine:
                if n.kind == "refused" and a <= n.line <= b and t not in n.message:
                    return replace(n, message=f"{n.message}; {t}")
            return n

        out[p] = replace(r, notes=tuple(said(n) for n in r.notes))
    return out


def _lookup(m: _Module, value: ast.expr, params: list[str], by_name):
    """(the name parameter, {key: (module name, function name)}) of a registry lookup, or None."""
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Name) and value.slice.id in params:
        reg = _registry(m, value.value, by_name)
        return (value.slice.id, reg) if reg is not None else None
    if not isinstance(value, ast.Call) or value.keywords:
        return None
    if isinstance(value.func, ast.Name) and value.func.id == "getattr" and len(value.args) == 2 and \
            "getattr" not in m.defs:
        home = _module_of(m, value.args[0], by_name)
        param = next((n.id for n in ast.walk(value.args[1]) if isinstance(n, ast.Name) and n.id in params), None)
        if home is None or param is None:
            return None
        refs = {}
        for fname in home.defs:  # each function of the module the name can make
            for key in _keys_for(value.args[1], param, fname):
                refs[key] = (home.name, fname)
        return param, refs
    if len(value.args) != 1 or not isinstance(value.args[0], ast.Name) or value.args[0].id not in params:
        return None
    getter = _function(m, value.func, by_name)
    if getter is None:
        return None
    home, g = getter
    body = [s for s in g.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    arg = g.args.args[0].arg if len(g.args.args) == 1 else None
    if arg is None or not body or not isinstance(body[-1], ast.Return):
        return None
    for guard in body[:-1]:  # ``if name not in REG: raise ...``
        if not (isinstance(guard, ast.If) and not guard.orelse and all(isinstance(s, ast.Raise) for s in guard.body)
                and not any(isinstance(n, ast.Call) for n in ast.walk(guard.test))):
            return None
    got = body[-1].value
    if isinstance(got, ast.Subscript) and isinstance(got.slice, ast.Name) and got.slice.id == arg:
        reg = _registry(home, got.value, by_name)
    elif isinstance(got, ast.Call) and isinstance(got.func, ast.Attribute) and got.func.attr == "get" and \
            len(got.args) == 1 and not got.keywords and isinstance(got.args[0], ast.Name) and got.args[0].id == arg:
        reg = _registry(home, got.func.value, by_name)
    else:
        return None
    return (value.args[0].id, reg) if reg is not None else None


def _keys_for(expr: ast.expr, param: str, fname: str) -> list[str]:
    """The values of ``param`` for which ``expr`` (literals and ``param`` joined by ``+``) is ``fname``."""
    if isinstance(expr, ast.Name) and expr.id == param:
        return [fname]
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        if isinstance(expr.left, ast.Constant) and isinstance(expr.left.value, str) and \
                fname.startswith(expr.left.value):
            return _keys_for(expr.right, param, fname[len(expr.left.value):])
        if isinstance(expr.right, ast.Constant) and isinstance(expr.right.value, str) and \
                fname.endswith(expr.right.value) and expr.right.value:
            return _keys_for(expr.left, param, fname[: -len(expr.right.value)])
    return []


def _module_of(m: _Module, node: ast.expr, by_name) -> _Module | None:
    dotted = _dotted(node)
    if dotted is None:
        return None
    head, _, rest = dotted.partition(".")
    full = m.imports.get(head)
    return by_name.get(f"{full}.{rest}" if rest else full) if full is not None else None


def _function(m: _Module, node: ast.expr, by_name):
    """(its module, the def) of a module-level function of the tree ``node`` names in ``m``."""
    if isinstance(node, ast.Name) and node.id in m.defs:
        return m, m.defs[node.id]
    dotted = _dotted(node)
    if dotted is None:
        return None
    head, _, rest = dotted.partition(".")
    full = m.imports.get(head)
    if full is None:
        return None
    full = f"{full}.{rest}" if rest else full
    mod, _, name = full.rpartition(".")
    home = by_name.get(mod)
    return (home, home.defs[name]) if home is not None and name in home.defs else None


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner is not None else None
    return None


def _registry(home: _Module, node: ast.expr, by_name) -> dict[str, tuple[str, str]] | None:
    """{key: (module name, function name)} of a constant registry dict ``node`` names, or None."""
    if isinstance(node, ast.Name) and node.id in home.dicts:
        owner, reg = home, node.id
    else:
        dotted = _dotted(node)
        owner = _module_of(home, ast.parse(dotted.rpartition(".")[0], mode="eval").body, by_name) \
            if dotted and "." in dotted else None
        reg = dotted.rpartition(".")[2] if owner is not None else None
        if owner is None or reg not in owner.dicts:
            return None
    value = owner.dicts[reg]
    refs: dict[str, tuple[str, str]] = {}
    if isinstance(value, ast.Dict) and value.keys:
        for k, v in zip(value.keys, value.values):
            if not (isinstance(k, ast.Constant) and isinstance(k.value, str)) or k.value in refs:
                return None
            ref = _function(owner, v, by_name)
            if ref is None:
                return None
            refs[k.value] = (ref[0].name, ref[1].name)
    elif isinstance(value, ast.Dict) or (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and
                                         value.func.id == "dict" and not value.args and not value.keywords):
        refs = _registered(owner, reg, by_name)
        if refs is None:
            return None
    else:
        return None
    if not _only_read(owner, reg, by_name):
        return None
    return refs


def _registered(owner: _Module, reg: str, by_name) -> dict[str, tuple[str, str]] | None:
    """{key: function} of an empty dict filled by a ``@register("key")`` decorator of ``owner``."""
    registers = {name for name, d in owner.defs.items() if _stores_into(d, reg)}
    if not registers:
        return None
    refs: dict[str, tuple[str, str]] = {}
    for mod in by_name.values():
        for fn in mod.defs.values():
            for deco in fn.decorator_list:
                if not isinstance(deco, ast.Call):
                    continue
                target = _function(mod, deco.func, by_name)
                if target is None or target[0] is not owner or target[1].name not in registers:
                    continue
                if len(deco.args) != 1 or deco.keywords or not isinstance(deco.args[0], ast.Constant) or \
                        not isinstance(deco.args[0].value, str) or deco.args[0].value in refs:
                    return None
                refs[deco.args[0].value] = (mod.name, fn.name)
    return refs or None


def _stores_into(d: ast.FunctionDef, reg: str) -> bool:
    """``def register(name): def deco(fn): REG[name] = fn; return fn; return deco``."""
    if len(d.args.args) != 1 or len(d.body) != 2 or not isinstance(d.body[0], ast.FunctionDef):
        return False
    inner = d.body[0]
    if len(inner.args.args) != 1 or len(inner.body) != 2:
        return False
    store, back = inner.body
    fn_arg, key = inner.args.args[0].arg, d.args.args[0].arg
    return isinstance(store, ast.Assign) and len(store.targets) == 1 and \
        isinstance(store.targets[0], ast.Subscript) and _dotted(store.targets[0].value) == reg and \
        isinstance(store.targets[0].slice, ast.Name) and store.targets[0].slice.id == key and \
        isinstance(store.value, ast.Name) and store.value.id == fn_arg and \
        isinstance(back, ast.Return) and isinstance(back.value, ast.Name) and back.value.id == fn_arg and \
        isinstance(d.body[1], ast.Return) and isinstance(d.body[1].value, ast.Name) and \
        d.body[1].value.id == inner.name


def _only_read(owner: _Module, reg: str, by_name) -> bool:
    """``reg`` is only looked up (``REG[k]``, ``REG.get(k)``, ``k in REG``) and filled by a register decorator
    in its module, and named in no other module."""
    for other in by_name.values():
        if other is not owner and any(isinstance(n, ast.Attribute) and n.attr == reg for n in ast.walk(other.tree)):
            return False
    parents = {id(c): p for p in ast.walk(owner.tree) for c in ast.iter_child_nodes(p)}
    registers = {id(n) for d in owner.defs.values() if _stores_into(d, reg) for n in ast.walk(d)}
    for n in ast.walk(owner.tree):
        if not (isinstance(n, ast.Name) and n.id == reg) or id(n) in registers:
            continue
        parent = parents.get(id(n))
        if isinstance(n.ctx, ast.Store) and isinstance(parent, ast.Assign) and parent in owner.tree.body:
            continue  # its one definition
        if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Load) and parent.value is n:
            continue
        if isinstance(parent, ast.Attribute) and parent.attr == "get" and \
                isinstance(parents.get(id(parent)), ast.Call):
            continue
        if isinstance(parent, ast.Compare) and n in parent.comparators and \
                all(isinstance(o, (ast.In, ast.NotIn)) for o in parent.ops):
            continue
        return False
    return True


def _keys(m: _Module, fn: ast.FunctionDef, param: str, modules) -> list[str] | None:
    """The names every call of ``fn`` passes as ``param`` (literals), in the order first passed; None where one
    is not a literal or ``fn`` is used otherwise, or in another module."""
    for other in modules.values():  # (another module that imports it, or its module, and names it)
        if other is not m and fn.name in other.text:
            full = set(other.imports.values())
            if f"{m.name}.{fn.name}" in full or m.name in full and \
                    any(isinstance(n, ast.Attribute) and n.attr == fn.name for n in ast.walk(other.tree)):
                return None
    position = [a.arg for a in fn.args.args].index(param)
    defaults = fn.args.defaults
    first_default = len(fn.args.args) - len(defaults)
    default = defaults[position - first_default] if position >= first_default else None
    calls = {id(c.func): c for c in ast.walk(m.tree) if isinstance(c, ast.Call)}
    keys: list[str] = []
    for n in ast.walk(m.tree):
        if not (isinstance(n, ast.Name) and n.id == fn.name):
            continue
        call = calls.get(id(n))
        if call is None or any(isinstance(a, ast.Starred) for a in call.args) or \
                any(k.arg is None for k in call.keywords):
            return None
        given = call.args[position] if position < len(call.args) else \
            next((k.value for k in call.keywords if k.arg == param), default)
        if not (isinstance(given, ast.Constant) and isinstance(given.value, str)):
            return None
        if given.value not in keys:
            keys.append(given.value)
    return keys


def _rewritten(m: _Module, name: str, param: str, index: int, read_fn: str, keys: list[str], refs,
               by_name) -> str | None:
    module = cst.parse_module(m.text)
    fn = next((s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name), None)
    if fn is None or not isinstance(fn.body, cst.IndentedBlock):
        return None
    body = list(fn.body.body)
    doc = body[:1] if body and isinstance(body[0], cst.SimpleStatementLine) and \
        isinstance(body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, cst.SimpleString) else []
    body = body[len(doc):]
    if not body or not all(isinstance(s, cst.SimpleStatementLine) for s in body) or \
            not isinstance(body[-1].body[-1], cst.Return):
        return None
    site = index - len(doc)
    rest = [s for i, s in enumerate(body) if i != site]
    imports: list[str] = []
    spelled: dict[str, str] = {}
    copies_of: list[cst.FunctionDef] = []
    taken = names_in(module) | {s.name.value for s in module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))}
    for key in keys:  # each reader copied beside the function: the registry keeps its own (``_copied``)
        mod, func = refs[key]
        copy = _copied(module, m, by_name[mod], func, key, taken, imports)
        if copy is None:
            return None
        copies_of.append(copy)
        spelled[key] = copy.name.value
    assigned = [n for s in rest for t in nodes_of(s, cst.AssignTarget) for n in names_in(t.target)]
    copies = []
    for i, key in enumerate(keys):
        renames = {} if i == 0 else {n: fresh_name(n, taken) for n in dict.fromkeys(assigned) if n != "_"}
        ref = cst.parse_expression(spelled[key])

        class _Call(cst.CSTTransformer):
            def leave_Call(self, original, updated):
                if isinstance(original.func, cst.Name) and original.func.value == read_fn:
                    return updated.with_changes(func=ref)
                return updated

        copies.append([s.visit(_Call()).visit(_Rename(renames)) for s in rest])
    new_body: list[cst.BaseStatement] = list(doc)
    for key, copy in zip(keys[:-1], copies[:-1]):
        test = cst.Comparison(cst.Name(param), [cst.ComparisonTarget(cst.Equal(), cst.SimpleString(repr(key)))])
        new_body.append(cst.If(test=test, body=cst.IndentedBlock(copy)))
    new_body += copies[-1]
    new_fn = fn.with_changes(body=fn.body.with_changes(body=new_body))
    stmts = []
    for s in module.body:
        stmts += [*copies_of, new_fn] if s is fn else [s]
    if imports:
        last = max((i for i, s in enumerate(stmts) if isinstance(s, cst.SimpleStatementLine) and
                    isinstance(s.body[0], (cst.Import, cst.ImportFrom))), default=-1)
        stmts[last + 1:last + 1] = [cst.parse_statement(t) for t in dict.fromkeys(imports)]
    return module.with_changes(body=stmts).code


def _copied(module: cst.Module, m: _Module, home: _Module, func: str, key: str, taken: set[str],
            imports: list[str]) -> cst.FunctionDef | None:
    """A copy of ``home``'s reader function ``func`` for ``module`` (the caller's), under a fresh name: the names
    it reads from its module's top level read through the module (``factory_lib.readers.RECORD_BYTES``), its
    imports the caller's module makes alike (``tf``); a ``@register("key")`` decorator left behind. None where
    the caller's module reads one of those names as another thing."""
    from tfdata_bridge._src.migrate.builder_inline import _Substitute, _import_text, _top_level

    source = module if home is m else cst.parse_module(home.text)
    fn = next((s for s in source.body if isinstance(s, cst.FunctionDef) and s.name.value == func), None)
    if fn is None or fn.asynchronous:
        return None
    for d in fn.decorators:  # (only the registering one: ``@register("key")``)
        if not (isinstance(d.decorator, cst.Call) and len(d.decorator.args) == 1 and
                isinstance(d.decorator.args[0].value, cst.SimpleString) and
                d.decorator.args[0].value.evaluated_value == key):
            return None
    params = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params, *fn.params.posonly_params]}
    own = params | {n for t in nodes_of(fn, cst.AssignTarget) for n in names_in(t.target)} | \
        {n for f in nodes_of(fn, cst.For) for n in names_in(f.target)}
    if nodes_of(fn, cst.Global) or nodes_of(fn, cst.Nonlocal) or nodes_of(fn.body, cst.FunctionDef):
        return None
    free = names_in(fn.body) | {n for p in fn.params.params if p.default is not None for n in names_in(p.default)}
    free -= own
    tops, ctops = _top_level(source), _top_level(module)
    renames: dict[str, str] = {}
    for name in sorted(free):
        where = tops.get(name)
        if home is m or where is None:
            if home is not m and name in ctops:
                return None  # (a builtin the caller's module binds to something else)
            continue
        if isinstance(where, (cst.Import, cst.ImportFrom)):
            mine = _import_text(where, name)
            if mine is None or ctops.get(name) is None or _import_text(ctops[name], name) != mine:
                return None  # (the caller's module reads the name as another thing)
            continue
        alias = next((local for local, full in m.imports.items() if full == home.name), None)
        if alias is None:
            head = home.name.split(".")[0]
            if head in ctops and m.imports.get(head) != head:
                return None
            imports.append(f"import {home.name}")
            alias = home.name
        renames[name] = f"{alias}.{name}"
    new_name = fresh_name(func, taken) if func in taken else func
    taken.add(new_name)
    body = fn.body.visit(_Substitute(renames)) if renames else fn.body
    return fn.with_changes(name=cst.Name(new_name), decorators=[], body=body,
                           leading_lines=[cst.EmptyLine(), cst.EmptyLine()])


__all__ = ["may_register", "resolve_registry_readers", "said_at"]
