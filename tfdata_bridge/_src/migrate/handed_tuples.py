"""A reader helper's ``(features, label)`` handed on to a batch helper as ONE parameter, unpacked there, the
dict given the label before the batch and popped after it (held-out round 72, the quasar competition code)::

    def load_data(data_file, num_epochs=None):            # a producer and a reader: returns ``feature, label``
        ...
    def eval_input_fn(dataset, batch_size):
        feature, label = dataset                          # (or ``feature = dataset[0]``, ``label = dataset[1]``)
        feature['label'] = label                          # (or ``d = dict(feature, label=label)``)
        feature_batch = tf.train.batch(feature, batch_size=batch_size, allow_smaller_final_batch=True)
        label_batch = feature_batch.pop('label')
        return feature_batch, label_batch

    dataset = spectra_data.load_data(path, num_epochs=1)  # the caller
    features, labels = spectra_data.eval_input_fn(dataset, 3)

is the same program as the helper taking the tuple's parts as parameters and batching them as a list, each
key added before the batch one more element of it (a popped key's batch is the name the ``pop`` bound; a key
left in the batched dict is put back in it after the batch), and each caller unpacking the reader helper's
result into names it hands on::

    def eval_input_fn(feature, label, batch_size):
        feature_batch, label_batch = tf.train.batch([feature, label], batch_size=batch_size, ...)
        return feature_batch, label_batch

    dataset_feature, dataset_label = spectra_data.load_data(path, num_epochs=1)
    features, labels = spectra_data.eval_input_fn(dataset_feature, dataset_label, 3)

which the ordinary rewrite takes as a batch helper fed by its callers' pipelines (``batch_helper.py``).

The form: a module-level ``def`` whose parameter is unpacked by its first statements (a tuple target, or one
``name = param[i]`` per index from 0) and read nowhere else; then, in its own block, item assignments of string
keys on the unpacked dict (or one ``name = dict(unpacked, key=value, ...)``), then ``x = tf.train.batch(d, ...)``
(or ``shuffle_batch``, the dict its first argument) with one target, then ``y = x.pop('key')`` statements
following it for keys added before the batch. Each caller (in any module of the tree whose text names the
helper) passes, at that parameter, a name bound once in its block by ``name = call(...)`` and read only as
such arguments, or a tuple display. A key the unpacked dict already had would differ (the original replaces
its value and pops it: no such key left among the features; the list batched would keep the dict's own), so each
key added is PROVEN new (``_Keys``): the call binding the tuple is followed to the function of the tree it calls,
each of whose ``return a, b`` gives, at the dict's place, a dict display of string keys, ``dict(k=...)``,
``dict(zip(CONST, ...))`` of a module-level list or tuple of strings, or a name bound once to one of those or
unpacked from a call of another function of the tree returning one there (one level), read in its function only
as ``name['key']`` (a key set so counts); a display handed gives its dict part so. Keys unknown (a parameter, a
parse result, ``d.update(...)``, ``d[k] = ...``), or holding a key added: the helper is left, a note naming the
key and why. A tuple handed more than once (or in a loop) to helpers adding keys to its dict is left too (a
later call sees the keys an earlier one added), unless one helper adds the tuple's own parts (the same values)
or makes a dict anew. A helper of the form that nothing in the tree calls is decided by its module: beside a
helper of the same module taking a tuple as long, which is rewritten, its tuple's source is that one's, so it
takes the dataset too where the keys it adds are new to that one's proven keys (written as the batch helper
rewrite writes that one; the plumbing left only for it goes); otherwise it is left as it is (where its tuple
comes from is unknown). A note says which.
``tree.rewrite_tree`` tries the form and keeps it where it leaves fewer refusals (the plain rewrite run too only
where the trial leaves a refusal in what the form wrote); otherwise the modules stay as they were.

Cost on a tree without the form: one regular-expression search per module text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

import libcst as cst

from tfdata_bridge._src.migrate.results import Note, RewriteResult

# (a cheap gate: a batch call, and a bare name unpacked or indexed as a whole statement)
_GATE = re.compile(r"^[ \t]+\w+(?:[ \t]*,[ \t]*\w+)+[ \t]*=[ \t]*(\w+)[ \t]*$|^[ \t]+\w+[ \t]*=[ \t]*(\w+)\[0\][ \t]*$",
                   re.M)
_KEYED = re.compile(r"^[ \t]+\w+\[[rbu]?['\"][^\n]*\][ \t]*=[^=]|=[ \t]*dict\(", re.M)


def _gated(text: str) -> bool:
    """Whether ``text`` may hold the form: a batch, a key set (or ``dict(...)``), and a name unpacked or indexed
    as a whole statement that some ``def`` takes as a parameter."""
    if "batch(" not in text or _KEYED.search(text) is None:
        return False
    for m in _GATE.finditer(text):
        name = m.group(1) or m.group(2)
        if re.search(rf"^[ \t]*def[ \t]+\w+\([^)]*\b{name}\b", text, re.M):
            return True
    return False
_BATCHES = ("batch", "shuffle_batch")


@dataclass
class _Helper:
    path: str
    fn: cst.FunctionDef
    param: str
    index: int  # the parameter's position
    parts: list[str]  # the unpacked names, in order
    callers: list = field(default_factory=list)
    dict_index: int = 0  # (the part that is the dict given keys)
    keys: tuple[str, ...] = ()  # (the keys the helper adds to it)
    proven: set = field(default_factory=set)  # (the keys its callers' dicts are proven to hold at most)
    again: bool = True  # (called again on the same dict it delivers the same: the dict made anew, or each value
    # added a part of the tuple)


def _is_batch(call: cst.BaseExpression) -> bool:
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
        call.func.attr.value in _BATCHES and isinstance(call.func.value, cst.Attribute) and \
        call.func.value.attr.value == "train"


def _names_read(node: cst.CSTNode) -> list[cst.Name]:
    out: list[cst.Name] = []

    class _V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            out.append(n)

    node.visit(_V())
    return out


def _simple(stmt: cst.BaseStatement):
    """The one small statement of a simple line, else None."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _unpacking(body: list[cst.BaseStatement], param: str) -> tuple[int, list[str]] | None:
    """(how many leading statements unpack ``param``, the names in order)."""
    first = _simple(body[0]) if body else None
    if isinstance(first, cst.Assign) and len(first.targets) == 1 and isinstance(first.value, cst.Name) and \
            first.value.value == param and isinstance(first.targets[0].target, (cst.Tuple, cst.List)):
        els = first.targets[0].target.elements
        if all(isinstance(e.value, cst.Name) and not isinstance(e, cst.StarredElement) for e in els):
            return 1, [e.value.value for e in els]
        return None
    parts: list[str] = []
    for stmt in body:
        s = _simple(stmt)
        if not (isinstance(s, cst.Assign) and len(s.targets) == 1 and isinstance(s.targets[0].target, cst.Name) and
                isinstance(s.value, cst.Subscript) and isinstance(s.value.value, cst.Name) and
                s.value.value.value == param and len(s.value.slice) == 1 and
                isinstance(s.value.slice[0].slice, cst.Index) and
                isinstance(s.value.slice[0].slice.value, cst.Integer) and
                int(s.value.slice[0].slice.value.value) == len(parts)):
            break
        parts.append(s.targets[0].target.value)
    return (len(parts), parts) if len(parts) >= 2 else None


def _key(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value if isinstance(node.evaluated_value, str) else None
    return None


def _normal_helper(fn: cst.FunctionDef
                   ) -> tuple[cst.FunctionDef, str, int, list[str], int, tuple[str, ...], bool] | None:
    """The helper written with the tuple's parts as parameters, (it, the parameter, its index, the parts, the
    index of the part given keys, the keys added, whether a second call on the same dict delivers the same);
    None where ``fn`` is not of the form."""
    if not isinstance(fn.body, cst.IndentedBlock) or fn.decorators:
        return None
    body = list(fn.body.body)
    params = list(fn.params.params)
    for index, p in enumerate(params):
        if p.default is not None:
            continue
        got = _unpacking(body, p.name.value)
        if got is None:
            continue
        count, parts = got
        if len(set(parts)) != len(parts) or p.name.value in parts or \
                any(q.name.value in parts for q in [*params, *fn.params.kwonly_params]):
            return None
        rest = body[count:]
        if any(n.value == p.name.value for s in rest for n in _names_read(s)):
            return None  # (the tuple read beyond its unpacking)
        batched = _batched_parts(rest, parts)
        if batched is None:
            return None
        new_rest, base, keys, again = batched
        new_params = [*params[:index], *[cst.Param(cst.Name(n)) for n in parts], *params[index + 1:]]
        new_params = [q.with_changes(comma=cst.MaybeSentinel.DEFAULT) for q in new_params]
        new = fn.with_changes(params=fn.params.with_changes(params=new_params),
                              body=fn.body.with_changes(body=new_rest))
        return new, p.name.value, index, parts, parts.index(base), keys, again
    return None


def _batched_parts(rest: list[cst.BaseStatement], parts: list[str]
                   ) -> tuple[list[cst.BaseStatement], str, tuple[str, ...], bool] | None:
    """(the statements after the unpacking with the keys added before the batch made elements of it, the part
    given the keys, the keys, whether a second call on the same dict delivers the same)."""
    i = 0
    added: list[tuple[str, cst.BaseExpression]] = []
    base: str | None = None
    made: str | None = None  # (a ``d = dict(base, k=v)``: its name)
    while i < len(rest):
        s = _simple(rest[i])
        if isinstance(s, cst.Assign) and len(s.targets) == 1 and isinstance(s.targets[0].target, cst.Subscript):
            t = s.targets[0].target
            if not (isinstance(t.value, cst.Name) and t.value.value in parts and len(t.slice) == 1 and
                    isinstance(t.slice[0].slice, cst.Index) and _key(t.slice[0].slice.value) is not None and
                    base in (None, t.value.value) and made is None):
                return None
            base = t.value.value
            added.append((_key(t.slice[0].slice.value), s.value))
            i += 1
            continue
        if isinstance(s, cst.Assign) and len(s.targets) == 1 and isinstance(s.targets[0].target, cst.Name) and \
                isinstance(s.value, cst.Call) and isinstance(s.value.func, cst.Name) and \
                s.value.func.value == "dict" and base is None and made is None and s.value.args and \
                s.value.args[0].keyword is None and not s.value.args[0].star and \
                isinstance(s.value.args[0].value, cst.Name) and s.value.args[0].value.value in parts and \
                all(a.keyword is not None for a in s.value.args[1:]) and len(s.value.args) > 1:
            base = s.value.args[0].value.value
            made = s.targets[0].target.value
            added += [(a.keyword.value, a.value) for a in s.value.args[1:]]
            i += 1
            continue
        break
    if i >= len(rest):
        return None
    stmt = rest[i]
    s = _simple(stmt)
    if not (isinstance(s, cst.Assign) and len(s.targets) == 1 and isinstance(s.targets[0].target, cst.Name) and
            _is_batch(s.value)):
        return None
    call = s.value
    first = [k for k, a in enumerate(call.args) if a.keyword is None or a.keyword.value == "tensors"]
    if not first or first[0] != 0 and call.args[first[0]].keyword is None or call.args[first[0]].star:
        return None
    arg = call.args[first[0]]
    batched = s.targets[0].target.value
    dict_name = made or base
    if not added:
        return None
    if not (isinstance(arg.value, cst.Name) and arg.value.value == dict_name):
        return None
    # the dict (and a made one) read nowhere but where the form puts it
    others = [n for st in rest[i + 1:] for n in _names_read(st) if made is not None and n.value == made]
    if others:
        return None
    if made is None and any(n.value == base for st in rest[i + 1:] for n in _names_read(st)):
        return None  # (the mutated dict read after the batch: it would lack the keys)
    keys = [k for k, _ in added]
    if any(not _reads_kept_keys(v, base, keys) for _, v in added):
        return None  # (a value reading the dict beyond a key it had: it would see the keys added)
    if len(set(keys)) != len(keys):
        return None
    # the pops that follow the batch
    popped: dict[str, str] = {}
    j = i + 1
    while j < len(rest):
        p = _simple(rest[j])
        if not (isinstance(p, cst.Assign) and len(p.targets) == 1 and isinstance(p.targets[0].target, cst.Name) and
                isinstance(p.value, cst.Call) and isinstance(p.value.func, cst.Attribute) and
                p.value.func.attr.value == "pop" and isinstance(p.value.func.value, cst.Name) and
                p.value.func.value.value == batched and len(p.value.args) == 1 and
                _key(p.value.args[0].value) in keys and _key(p.value.args[0].value) not in popped):
            break
        if p.targets[0].target.value in (batched, *popped.values()):
            return None
        popped[_key(p.value.args[0].value)] = p.targets[0].target.value
        j += 1
    taken = {n.value for st in rest for n in _names_read(st)} | set(parts)
    slots: list[str] = []
    put_back: list[cst.BaseStatement] = []
    for k, _ in added:
        if k in popped:
            slots.append(popped[k])
            continue
        name = f"{batched}_{re.sub(r'[^0-9a-zA-Z_]', '_', k)}"
        while name in taken:
            name += "_"
        taken.add(name)
        slots.append(name)
        put_back.append(cst.parse_statement(f"{batched}[{k!r}] = {name}\n"))
    # (a computed value: bound to a name of its own before the batch, which then takes names alone)
    values: list[cst.BaseExpression] = []
    computed: list[cst.BaseStatement] = []
    for k, v in added:
        if isinstance(v, cst.Name):
            values.append(v)
            continue
        name = f"{base}_{re.sub(r'[^0-9a-zA-Z_]', '_', k)}"
        while name in taken:
            name += "_"
        taken.add(name)
        values.append(cst.Name(name))
        computed.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], v)]))
    elements = [cst.Element(cst.Name(base)), *[cst.Element(v) for v in values]]
    new_call = call.with_changes(args=[arg.with_changes(value=cst.List(elements)), *call.args[first[0] + 1:]]
                                 if first[0] == 0 else
                                 [a if a is not arg else arg.with_changes(value=cst.List(elements))
                                  for a in call.args])
    target = cst.Tuple([cst.Element(cst.Name(n)) for n in [batched, *slots]], lpar=[], rpar=[])
    new_stmt = stmt.with_changes(body=[s.with_changes(targets=[s.targets[0].with_changes(target=target)],
                                                      value=new_call)])
    if computed:
        computed[0] = computed[0].with_changes(leading_lines=stmt.leading_lines)
        new_stmt = new_stmt.with_changes(leading_lines=())
    again = made is not None or all(isinstance(v, cst.Name) and v.value in parts for _, v in added)
    return [*computed, new_stmt, *put_back, *rest[j:]], base, tuple(keys), again


def _reads_kept_keys(value: cst.BaseExpression, base: str, keys: list[str]) -> bool:
    """``value`` reads ``base`` only as ``base['key']`` of keys not added (the dict's own, as they were)."""
    reads = sum(1 for n in _names_read(value) if n.value == base)
    kept = 0

    class _V(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            nonlocal kept
            if isinstance(node.value, cst.Name) and node.value.value == base and len(node.slice) == 1 and \
                    isinstance(node.slice[0].slice, cst.Index) and _key(node.slice[0].slice.value) is not None and \
                    _key(node.slice[0].slice.value) not in keys:
                kept += 1

    value.visit(_V())
    return reads == kept


def _helpers(sources: Mapping[str, str], cached: dict) -> list[_Helper]:
    out: list[_Helper] = []
    for path, text in sources.items():
        if not _gated(text):
            continue
        module = _parse(path, text, cached)
        if module is None:
            continue
        for stmt in module.body:
            if isinstance(stmt, cst.FunctionDef) and "batch" in cst.Module([stmt]).code:
                got = _normal_helper(stmt)
                if got is not None:
                    out.append(_Helper(path, stmt, got[1], got[2], got[3], dict_index=got[4], keys=got[5],
                                       again=got[6]))
                    out[-1].new = got[0]  # type: ignore[attr-defined]
    return out


def _parse(path: str, text: str, cached: dict) -> cst.Module | None:
    if path not in cached:
        try:
            cached[path] = cst.parse_module(text)
        except cst.ParserSyntaxError:
            cached[path] = None
    return cached[path]


def _module_name(path: str) -> str:
    base = re.split(r"[\\/]", path)[-1]
    return base[:-3] if base.endswith(".py") else base


def _calls_of(module: cst.Module, name: str, home: str, same: bool) -> list[cst.Call]:
    """Calls of the helper ``name`` of module ``home`` in ``module``: ``name(...)`` where the module defines it
    or imports it by name, ``x.name(...)`` where ``x`` is bound by an import naming ``home``."""
    code = module.code
    by_name = same or re.search(rf"\bimport\b[^\n]*\b{re.escape(name)}\b", code) is not None and \
        re.search(rf"\b{re.escape(home)}\b", code) is not None
    aliases: set[str] = set()
    for m in re.finditer(rf"(?:from\s+[\w.]+\s+)?import\s+[\w.]*\b{re.escape(home)}\b(?:\s+as\s+(\w+))?", code):
        aliases.add(m.group(1) or home)
    out: list[cst.Call] = []

    class _V(cst.CSTVisitor):
        def visit_Call(self, c: cst.Call) -> None:
            f = c.func
            if isinstance(f, cst.Name) and f.value == name and by_name:
                out.append(c)
            elif isinstance(f, cst.Attribute) and f.attr.value == name:
                root = f.value
                while isinstance(root, cst.Attribute):
                    root = root.value
                if isinstance(root, cst.Name) and (root.value in aliases or
                                                   isinstance(f.value, cst.Attribute) and
                                                   f.value.attr.value == home):
                    out.append(c)

    module.visit(_V())
    return out


def _mentions(module: cst.Module, name: str) -> int:
    """How often ``module`` names ``name`` beyond its imports (``from m import name`` is no use)."""
    imported = sum(1 for s in module.body if isinstance(s, cst.SimpleStatementLine) for i in s.body
                   if isinstance(i, cst.ImportFrom) for n in _names_read(i) if n.value == name)
    return sum(1 for n in _names_read(module) if n.value == name) - imported


class _Stack(cst.CSTVisitor):
    """For each call wanted: the blocks around it, innermost last, up to its function (or the module)."""

    def __init__(self, calls: dict[int, _Helper]):
        self.calls = calls
        self.stack: list = []
        self.found: dict[int, list] = {}
        self.loops = 0  # (the loops around, in this function)
        self.saved: list[int] = []
        self.looped: dict[int, int] = {}  # (a block's or a wanted call's loops around)

    def visit_Module(self, node) -> None:
        self.stack.append(node)
        self.looped[id(node)] = 0

    def visit_FunctionDef(self, node) -> None:
        self.stack.append(None)  # (a function: the blocks outside it are another scope)
        self.saved.append(self.loops)
        self.loops = 0

    def leave_FunctionDef(self, node) -> None:
        self.stack.pop()
        self.loops = self.saved.pop()

    def _loop(self, node) -> None:
        self.loops += 1

    def _unloop(self, node) -> None:
        self.loops -= 1

    visit_For = visit_While = visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _loop
    leave_For = leave_While = leave_ListComp = leave_SetComp = leave_DictComp = leave_GeneratorExp = _unloop

    def visit_IndentedBlock(self, node) -> None:
        self.stack.append(node)
        self.looped[id(node)] = self.loops

    def leave_IndentedBlock(self, node) -> None:
        self.stack.pop()

    def visit_Call(self, node: cst.Call) -> None:
        if id(node) in self.calls:
            blocks = []
            for b in reversed(self.stack):
                if b is None:
                    break
                blocks.append(b)
            self.found[id(node)] = blocks  # (innermost first)
            self.looped[id(node)] = self.loops


class _Keys:
    """Proof that the keys a helper adds are new to the dict of the tuple handed to it: the dict's keys known,
    followed from the call binding the tuple (a function of the tree returning ``a, b``) to ``a`` bound once in
    it to a dict display of string keys, ``dict(k=...)``, ``dict(zip(CONST, ...))`` with ``CONST`` a module-level
    list or tuple of strings, or unpacked from a call of another function of the tree returning such a display
    at that place (one level); the dict read in that function only as ``a['key']`` (a key set so is one more)."""

    def __init__(self, sources: Mapping[str, str], cached: dict, path: str):
        self.sources, self.cached, self.path = sources, cached, path

    def proof(self, h: _Helper, expr: cst.BaseExpression, display: bool) -> str | None:
        """None where ``h``'s keys are proven new to the dict handed (``expr``: a display's dict part, or the call
        binding the tuple), else why not."""
        if display:
            keys = self._expr_keys(expr, None, self.path, 0)
        else:
            keys = self._returned(expr, self.path, h.dict_index, len(h.parts), 1)
        added = ", ".join(f"'{k}'" for k in h.keys)
        if keys is None:
            return (f"the dict of its tuple comes from where its keys are not known, so the key(s) {added} it adds "
                    f"may be there already (the batch would then hold the dict's own value): a dict display, "
                    f"`dict(k=...)` or `dict(zip(CONST, ...))` returned by the reader helper is followed")
        clash = [k for k in h.keys if k in keys]
        if clash:
            return (f"the dict of its tuple already holds the key(s) {', '.join(repr(k) for k in clash)} it adds "
                    f"(its value replaced before the batch and popped after it): the rewrite batching the dict "
                    f"as it is would keep the dict's own; give the added key a name of its own")
        h.proven |= keys
        return None

    def _function(self, func: cst.BaseExpression, path: str) -> tuple[cst.FunctionDef, str] | None:
        """The module-level ``def`` of the tree that ``func`` (in module ``path``) calls, with its path."""
        module = _parse(path, self.sources[path], self.cached)
        if module is None:
            return None
        if isinstance(func, cst.Name):
            own = _defs(module, func.value)
            if own:
                return (own[0], path) if len(own) == 1 else None
            name, home = func.value, None
            for s in module.body:
                for i in (s.body if isinstance(s, cst.SimpleStatementLine) else []):
                    if isinstance(i, cst.ImportFrom) and not isinstance(i.names, cst.ImportStar):
                        for a in i.names:
                            bound = a.asname.name.value if a.asname else a.name.value
                            if bound == func.value and isinstance(a.name, cst.Name):
                                name = a.name.value
                                home = module.code_for_node(i.module).split(".")[-1] if i.module else None
            if home is None:
                return None
        elif isinstance(func, cst.Attribute) and isinstance(func.value, (cst.Name, cst.Attribute)):
            name = func.attr.value
            alias = func.value.value if isinstance(func.value, cst.Name) else func.value.attr.value
            home = alias
            for s in module.body:
                for i in (s.body if isinstance(s, cst.SimpleStatementLine) else []):
                    if isinstance(i, (cst.Import, cst.ImportFrom)) and not isinstance(i.names, cst.ImportStar):
                        for a in i.names:
                            if a.asname and isinstance(a.asname.name, cst.Name) and a.asname.name.value == alias:
                                home = module.code_for_node(a.name).split(".")[-1]
        else:
            return None
        found = []
        for p, text in self.sources.items():
            if _module_name(p) != home or name not in text:
                continue
            m = _parse(p, text, self.cached)
            found += [(f, p) for f in (_defs(m, name) if m is not None else [])]
        return found[0] if len(found) == 1 else None

    def _returned(self, call: cst.BaseExpression, path: str, index: int, length: int, depth: int) -> set | None:
        """The keys of the dict at ``index`` of every ``return a, b`` of the function ``call`` calls."""
        if not isinstance(call, cst.Call):
            return None
        got = self._function(call.func, path)
        if got is None:
            return None
        fn, where = got
        returns: list[cst.Return] = []
        yields: list = []

        class _V(cst.CSTVisitor):
            def visit_Return(self, n) -> None:
                returns.append(n)

            def visit_Yield(self, n) -> None:
                yields.append(n)

            def visit_FunctionDef(self, n) -> bool:
                return n is fn

            def visit_Lambda(self, n) -> bool:
                return False

        fn.visit(_V())
        if yields or not returns:
            return None
        keys: set = set()
        for r in returns:
            v = r.value
            if not isinstance(v, cst.Tuple) or len(v.elements) != length or \
                    any(isinstance(e, cst.StarredElement) for e in v.elements):
                return None
            got_keys = self._expr_keys(v.elements[index].value, fn, where, depth)
            if got_keys is None:
                return None
            keys |= got_keys
        return keys

    def _expr_keys(self, e: cst.BaseExpression, fn: cst.FunctionDef | None, path: str, depth: int) -> set | None:
        if isinstance(e, cst.Dict):
            keys = [_key(el.key) if isinstance(el, cst.DictElement) else None for el in e.elements]
            return None if None in keys else set(keys)
        if isinstance(e, cst.Call) and isinstance(e.func, cst.Name) and e.func.value == "dict":
            if all(a.keyword is not None and not a.star for a in e.args):
                return {a.keyword.value for a in e.args}
            if len(e.args) == 1 and not e.args[0].star and isinstance(e.args[0].value, cst.Call) and \
                    isinstance(e.args[0].value.func, cst.Name) and e.args[0].value.func.value == "zip" and \
                    e.args[0].value.args and isinstance(e.args[0].value.args[0].value, cst.Name) and \
                    not e.args[0].value.args[0].star:
                return self._constant(e.args[0].value.args[0].value.value, path)
            return None
        if isinstance(e, cst.Name) and fn is not None:
            return self._name_keys(e.value, fn, path, depth)
        return None

    def _constant(self, name: str, path: str) -> set | None:
        """The strings of a module-level list or tuple of string literals bound once to ``name``."""
        module = _parse(path, self.sources[path], self.cached)
        binds = [a for s in module.body if isinstance(s, cst.SimpleStatementLine) for a in s.body
                 if isinstance(a, (cst.Assign, cst.AnnAssign, cst.AugAssign)) and
                 any(n.value == name for n in _names_read(a.targets[0].target if isinstance(a, cst.Assign)
                                                          else a.target))]
        if len(binds) != 1 or not isinstance(binds[0], cst.Assign) or len(binds[0].targets) != 1 or \
                not isinstance(binds[0].targets[0].target, cst.Name) or \
                not isinstance(binds[0].value, (cst.List, cst.Tuple)):
            return None
        keys = [_key(el.value) if isinstance(el, cst.Element) else None for el in binds[0].value.elements]
        # (read elsewhere only as it is: a mutation, `CONST.append(...)`, would change the keys)
        if None in keys or re.search(rf"\b{re.escape(name)}\s*(\.|\[|\+=)", module.code) or \
                any(isinstance(s, (cst.FunctionDef, cst.ClassDef)) and re.search(
                    rf"\bglobal\b[^\n]*\b{re.escape(name)}\b", module.code_for_node(s)) for s in module.body) or \
                any(re.search(rf"\.{re.escape(name)}\s*(\.|\[|\+?=[^=])", t) for t in self.sources.values()):
            return None  # (nor changed through its module from another)
        return set(keys)

    def _name_keys(self, name: str, fn: cst.FunctionDef, path: str, depth: int) -> set | None:
        """The keys of the dict ``name`` of ``fn``: bound once, read only as ``name['key']`` or returned."""
        if any(p.name.value == name for p in [*fn.params.params, *fn.params.kwonly_params,
                                               *fn.params.posonly_params]):
            return None
        binds: list[tuple[cst.Assign, int | None]] = []
        keys: set = set()
        accounted = 0

        class _V(cst.CSTVisitor):
            def visit_FunctionDef(self, n) -> bool:
                return n is fn

            def visit_Lambda(self, n) -> bool:
                return False

            def visit_Assign(self, a: cst.Assign) -> None:
                nonlocal accounted
                for t in a.targets:
                    if isinstance(t.target, cst.Name) and t.target.value == name:
                        binds.append((a, None))
                        accounted += 1
                    elif isinstance(t.target, (cst.Tuple, cst.List)):
                        for k, el in enumerate(t.target.elements):
                            if isinstance(el.value, cst.Name) and el.value.value == name and \
                                    not isinstance(el, cst.StarredElement):
                                binds.append((a, k))
                                accounted += 1

            def visit_Subscript(self, sub: cst.Subscript) -> None:
                nonlocal accounted
                if isinstance(sub.value, cst.Name) and sub.value.value == name and len(sub.slice) == 1 and \
                        isinstance(sub.slice[0].slice, cst.Index) and _key(sub.slice[0].slice.value) is not None:
                    accounted += 1
                    keys.add(_key(sub.slice[0].slice.value))

            def visit_Return(self, r: cst.Return) -> None:
                nonlocal accounted
                if isinstance(r.value, cst.Tuple):
                    accounted += sum(1 for el in r.value.elements
                                     if isinstance(el.value, cst.Name) and el.value.value == name)

        fn.body.visit(_V())
        reads = sum(1 for n in _names_read(fn.body) if n.value == name)
        if len(binds) != 1 or reads != accounted or \
                len(binds[0][0].targets) != 1:
            return None
        assign, at = binds[0]
        if at is None:
            got = self._expr_keys(assign.value, None, path, 0)
        elif depth > 0:
            got = self._returned(assign.value, path, at, len(assign.targets[0].target.elements), depth - 1)
        else:
            got = None
        return None if got is None else got | keys


def _defs(module: cst.Module, name: str) -> list[cst.FunctionDef]:
    return [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]


def _callers(module: cst.Module, calls: dict[int, _Helper], call_nodes: list[cst.Call],
             proof: Callable[[_Helper, cst.BaseExpression, bool], str | None] = lambda h, e, d: None
             ) -> tuple[cst.Module | None, str | None]:
    """``module`` with each name handed on at a helper's tuple parameter unpacked where it is bound and handed
    on as its parts; (None, why) where a call is not of the form, or ``proof`` of the tuple handed (the dict
    part of a display, or the call binding the name) gives why the keys the helper adds may not be new."""
    stack = _Stack(calls)
    module.visit(stack)
    handed: dict[tuple[int, str], tuple[list[str], list, cst.Assign]] = {}
    for c in call_nodes:
        h = calls[id(c)]
        arg = _arg_at(c, h)
        if arg is None:
            return None, f"`{h.fn.name.value}` is called without its tuple parameter `{h.param}` given plainly"
        if isinstance(arg.value, (cst.Tuple, cst.List)):
            if len(arg.value.elements) != len(h.parts) or \
                    any(isinstance(e, cst.StarredElement) for e in arg.value.elements):
                return None, f"`{h.fn.name.value}` is handed a display of another length at `{h.param}`"
            why = proof(h, arg.value.elements[h.dict_index].value, True)
            if why is not None:
                return None, why
            continue
        if not isinstance(arg.value, cst.Name):
            return None, f"`{h.fn.name.value}` is handed an expression at its tuple parameter `{h.param}`: a name " \
                         f"bound by `name = call(...)`, or a tuple display, is followed"
        name = arg.value.value
        blocks = stack.found.get(id(c), [])
        bound = None
        for b in blocks:
            binds = [st for st in b.body if isinstance(_simple(st), cst.Assign) and
                     any(isinstance(t.target, cst.Name) and t.target.value == name for t in _simple(st).targets)]
            if binds:
                bound = (b, binds)
                break
        if bound is None or len(bound[1]) != 1 or len(_simple(bound[1][0]).targets) != 1 or \
                not isinstance(_simple(bound[1][0]).value, cst.Call):
            return None, f"`{name}`, handed on as a tuple, is not bound once by `{name} = call(...)` in its block"
        why = proof(h, _simple(bound[1][0]).value, False)
        if why is not None:
            return None, why
        key = (id(bound[0]), name)
        prev = handed.get(key)
        if prev is not None and len(prev[0]) != len(h.parts):
            return None, f"`{name}` is handed to helpers unpacking it differently"
        handed.setdefault(key, (h.parts, blocks[-1] if blocks else module, _simple(bound[1][0]), []))[3].append(c)
    assigns: dict[int, list[str]] = {}
    renamed: dict[int, list[str]] = {}
    for (block, name), (parts, scope, assign, handed_calls) in handed.items():
        scope_node = scope
        uses = sum(1 for n in _names_read(scope_node) if n.value == name)
        if uses != len(handed_calls) + 1:
            return None, f"`{name}` is read beyond the helpers it is handed to (it stays one tuple)"
        # (handed more than once, or in a loop: the later calls see the keys the earlier added to the dict)
        helpers = {id(calls[id(c)]): calls[id(c)] for c in handed_calls}
        if (len(handed_calls) > 1 or any(stack.looped[id(c)] > stack.looped[block] for c in handed_calls)) and \
                (len(helpers) > 1 or not all(h.again for h in helpers.values())):
            return None, (f"`{name}` is handed more than once (or in a loop) to helpers adding keys to its dict: "
                          f"a later call sees the keys an earlier one added (one call per tuple is followed)")
        taken = {n.value for n in _names_read(module)}
        new = []
        for p in parts:
            n = f"{name}_{p}"
            while n in taken:
                n += "_"
            taken.add(n)
            new.append(n)
        assigns[id(assign)] = new
        for c in handed_calls:
            renamed[id(c)] = new
    return module.visit(_Rewrite(calls, assigns, renamed)), None


class _Rewrite(cst.CSTTransformer):
    def __init__(self, calls: dict[int, _Helper], assigns: dict[int, list[str]], renamed: dict[int, list[str]]):
        self.calls, self.assigns, self.renamed = calls, assigns, renamed

    def leave_Assign(self, original, updated):
        new = self.assigns.get(id(original))
        if new is None:
            return updated
        target = cst.Tuple([cst.Element(cst.Name(n)) for n in new], lpar=[], rpar=[])
        return updated.with_changes(targets=[updated.targets[0].with_changes(target=target)])

    def leave_Call(self, original, updated):
        h = self.calls.get(id(original))
        if h is None:
            return updated
        arg = _arg_at(updated, h)
        if isinstance(arg.value, cst.Name):
            values = [cst.Name(n) for n in self.renamed[id(original)]]
        else:
            values = [e.value for e in arg.value.elements]
        if arg.keyword is not None:
            new = [cst.Arg(v, keyword=cst.Name(p), equal=arg.equal) for v, p in zip(values, h.parts)]
        else:
            new = [cst.Arg(v) for v in values]
        args = []
        for a in updated.args:
            args += new if a is arg else [a]
        last = len(args) - 1
        args = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) if i == last or a.comma is cst.MaybeSentinel.DEFAULT
                else a for i, a in enumerate(args)]
        return updated.with_changes(args=args)


def _all_calls(node: cst.CSTNode) -> list[cst.Call]:
    out: list[cst.Call] = []

    class _V(cst.CSTVisitor):
        def visit_Call(self, c: cst.Call) -> None:
            out.append(c)

        def visit_FunctionDef(self, n) -> bool:
            return n is node

        def visit_ClassDef(self, n) -> bool:
            return n is node

    node.visit(_V())
    return out


def _arg_at(call: cst.Call, h: _Helper) -> cst.Arg | None:
    if any(a.star for a in call.args):
        return None
    for a in call.args:
        if a.keyword is not None and a.keyword.value == h.param:
            return a
    positional = [a for a in call.args if a.keyword is None]
    return positional[h.index] if len(positional) > h.index else None


_UNCALLED: dict[str, list[_Helper]] = {}  # (the last split's uncalled helpers with a called sibling, by path)


def split_handed_tuples(sources: Mapping[str, str]) -> tuple[dict[str, str] | None, dict[str, list[Note]]]:
    """The sources with each helper of the form and its callers written so (None: none written), and the notes
    to add (a helper nothing calls, a caller that does not hand the tuple plainly)."""
    cached: dict = {}
    notes: dict[str, list[Note]] = {}
    helpers = _helpers(sources, cached)
    if not helpers:
        return None, notes
    names = [h.fn.name.value for h in helpers]
    texts = dict(sources)
    uncalled: list[_Helper] = []
    changed: dict[str, cst.Module] = {}
    for h in helpers:
        if names.count(h.fn.name.value) != 1:
            continue
        name, home = h.fn.name.value, _module_name(h.path)
        sites: list[tuple[str, list[cst.Call]]] = []
        mentions = 0
        for path, text in sources.items():
            if name not in text:
                continue
            module = _parse(path, text, cached)
            if module is None:
                continue
            calls = _calls_of(module, name, home, path == h.path)
            count = _mentions(module, name) - (1 if path == h.path else 0)
            if calls:
                sites.append((path, calls))
            mentions += count
        called = sum(len(c) for _, c in sites)
        line = _line(sources[h.path], h.fn)
        if not called and mentions:
            continue  # (named, through an import this pass does not follow: left to the other forms)
        if not called:
            uncalled.append(h)
            notes.setdefault(h.path, []).append(Note(line, (
                f"`{h.fn.name.value}` (a batch helper taking a tuple `{h.param}`) is called nowhere in this tree: "
                f"left as it is, where its tuple comes from is unknown (a caller in the tree would have it "
                f"rewritten with its pipeline)"), "info"))
            continue
        if called != mentions:
            continue  # (named other than by a call: left to the other forms)
        h.callers = sites
    todo = [h for h in helpers if h.callers]
    while True:
        if not todo:
            return None, notes
        by_path: dict[str, dict[int, _Helper]] = {}
        for h in todo:
            for path, calls in h.callers:
                by_path.setdefault(path, {}).update({id(c): h for c in calls})
        changed = {}
        dropped = False
        for path, calls in by_path.items():
            module = _parse(path, sources[path], cached)
            nodes = [c for h in todo for p, cs in h.callers if p == path for c in cs]
            keys = _Keys(sources, cached, path)
            new, why = _callers(module, calls, nodes, keys.proof)
            if new is None:  # (each helper called here left, with its callers elsewhere)
                for h in {id(h): h for h in calls.values()}.values():
                    notes.setdefault(path, []).append(Note(_line(sources[path], h.fn, call=True), (
                        f"`{h.fn.name.value}` (a batch helper taking a tuple `{h.param}`) left: {why}"), "info"))
                    todo.remove(h)
                dropped = True
                break
            changed[path] = new
        if not dropped:
            break
    for h in todo:
        module = changed.get(h.path) or _parse(h.path, sources[h.path], cached)
        changed[h.path] = module.with_changes(body=[h.new if isinstance(s, cst.FunctionDef) and
                                                    s.name.value == h.fn.name.value else s for s in module.body])
    for path, module in changed.items():
        texts[path] = module.code
    # a helper nothing calls, beside one of the same module taking a tuple as long that is rewritten: the tuple's
    # source is that one's, so it takes the dataset too (``with_handed_tuples`` writes it once that one is)
    _UNCALLED.clear()
    for u in uncalled:
        # (its keys proven new too: the dict of its tuple at the same place, none of the keys it adds in it)
        if any(h.path == u.path and len(h.parts) == len(u.parts) and h.dict_index == u.dict_index and
               not set(u.keys) & h.proven for h in todo):
            _UNCALLED.setdefault(u.path, []).append(u)
    return texts, notes


def _line(text: str, fn: cst.FunctionDef, call: bool = False) -> int:
    found = re.search(rf"\b{re.escape(fn.name.value)}\(" if call else
                      rf"^[ \t]*def[ \t]+{re.escape(fn.name.value)}\b", text, re.M)
    return text.count("\n", 0, found.start()) + 1 if found else 1


def with_handed_tuples(sources: Mapping[str, str], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                       ) -> dict[str, RewriteResult]:
    """``run(sources)``, or ``run`` of the sources with such helpers and callers written so, where that leaves
    fewer refusals (its notes given back to the original lines)."""
    from tfdata_bridge._src.migrate.tree import _given_back, refusals_left

    split, notes = split_handed_tuples(sources)
    if split is None:
        return _noted(run(dict(sources)), notes)
    trial = run(split)

    # (a refusal in a written module at a line this form wrote: the plain rewrite too, the one leaving fewer kept;
    # one elsewhere in it, a helper nothing calls, was there before)
    if any(trial[p].error is not None or any(n.line in _written_lines(sources[p], split[p]) for n in trial[p].refused)
           for p in split if split[p] != sources[p]):
        plain = run(dict(sources))
        if refusals_left(trial) >= refusals_left(plain):
            return _noted(plain, notes)
    return _noted(_siblings(_given_back(trial, sources, split), notes), notes)


def _siblings(results: dict[str, RewriteResult], notes: dict[str, list[Note]]) -> dict[str, RewriteResult]:
    """Each uncalled helper beside a rewritten one of its module written as that one was: batching the dataset
    of the same elements (its note says so); left where its module was not rewritten so."""
    for path, helpers in _UNCALLED.items():
        result = results.get(path)
        if result is None or not result.changed or result.refused and any(
                "taking a tuple" not in n.message and "no input producer" not in n.message for n in result.refused):
            continue
        code = result.code
        for u in helpers:
            got = _written_sibling(code, u)
            if got is None:
                continue
            code = got
            notes[path] = [n for n in notes.get(path, []) if f"`{u.fn.name.value}`" not in n.message]
            notes[path].append(Note(_line(result.source, u.fn), (
                f"`{u.fn.name.value}` (a batch helper taking a tuple `{u.param}`), called nowhere in this tree, "
                f"takes the dataset of the tuples as its rewritten sibling of this module does (the tuple's "
                f"source is theirs)"), "info"))
        if code != result.code:
            spans = [_span(result.source, u.fn) for u in helpers]
            kept = tuple(n for n in result.notes if not (n.kind == "refused" and "no input producer" in n.message and
                                                        any(n.line in span for span in spans)))
            results[path] = replace(result, code=code, notes=kept)
            _replumbed(results, path)
    return results


def _replumbed(results: dict[str, RewriteResult], path: str) -> None:
    """The modules whose queue-runner plumbing was left only for ``path``'s pipelines, without it now that
    ``path`` has none left."""
    import os

    from tfdata_bridge._src.migrate.plumbing import PLUMBING_WENT, pipelines_left, remove_plumbing

    if pipelines_left(cst.parse_module(results[path].code)):
        return
    base = os.path.basename(path)
    for other, r in results.items():
        left = [n for n in r.notes if n.message.startswith("queue-runner plumbing left:")]
        if other == path or len(left) != 1 or base not in left[0].message or \
                "is still a queue pipeline" not in left[0].message:
            continue
        try:
            module, notes = remove_plumbing(cst.parse_module(r.code))
        except cst.ParserSyntaxError:
            continue
        if not any(PLUMBING_WENT in n.message for n in notes):
            continue
        went = [replace(n, line=left[0].line) for n in notes]
        results[other] = replace(r, code=module.code, notes=tuple(n for n in r.notes if n is not left[0]) + tuple(went))


def _written_sibling(code: str, u: _Helper) -> str | None:
    """``code`` with the uncalled helper ``u`` taking a dataset of its tuple's parts, or None."""
    from tfdata_bridge._src.migrate.batch_helper import batch_helper, rewrite_helper
    from tfdata_bridge._src.migrate.calls import Refusal, namer, v1_spelling
    from tfdata_bridge._src.migrate.generate import Generator
    from tfdata_bridge._src.migrate.to_tfdata import survey

    try:
        module = cst.parse_module(code)
    except cst.ParserSyntaxError:
        return None
    found = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == u.fn.name.value]
    if len(found) != 1 or cst.Module([found[0]]).code != cst.Module([u.fn]).code:
        return None
    got = _normal_helper(found[0])
    if got is None:
        return None
    module = module.with_changes(body=[got[0] if s is found[0] else s for s in module.body])
    index, scopes, finder = survey(module)
    fn = next(s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == u.fn.name.value)
    v1, added = v1_spelling(module, index.refs)
    if added or not v1:
        return None
    taken = {n.value for n in _names_read(module)}
    try:
        helper = batch_helper(finder, scopes, fn)
        gen = Generator(v1, module.code_for_node, namer(taken), lambda f: False, lambda n: index.paths.get(n), scopes)
        new = rewrite_helper(helper, gen.batches, v1)
    except Refusal:
        return None
    return module.with_changes(body=[new if s is fn else s for s in module.body]).code


def _span(text: str, fn: cst.FunctionDef) -> range:
    """The lines (from 1) of the module-level ``def`` of ``fn`` in ``text``."""
    start = _line(text, fn)
    lines = text.splitlines()
    end = start
    while end < len(lines) and (not lines[end] or lines[end][0].isspace() or lines[end].startswith((")", "]"))):
        end += 1
    return range(start, end + 1)


def _written_lines(original: str, written: str) -> set[int]:
    """The lines of ``written`` (from 1) in the functions whose text differs from ``original``'s, with the
    module-level lines it changed."""
    before = set(original.splitlines())
    lines = written.splitlines()
    out: set[int] = set()
    start: int | None = None
    touched = False
    for i, line in enumerate([*lines, "end"], 1):
        top = bool(line) and not line[0].isspace() and not line.startswith((")", "]", "}"))
        if top and start is not None:
            if touched:
                out |= set(range(start, i))
            start, touched = None, False
        if top and line.startswith(("def ", "class ", "async def ")):
            start = i
        if line not in before:
            touched = True
            if start is None:
                out.add(i)
    return out


def _noted(results: dict[str, RewriteResult], notes: Mapping[str, list[Note]]) -> dict[str, RewriteResult]:
    if not notes:
        return results
    return {p: replace(r, notes=(*r.notes, *notes[p])) if p in notes else r for p, r in results.items()}


__all__ = ["split_handed_tuples", "with_handed_tuples"]
