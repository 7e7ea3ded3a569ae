"""A rewrite whose dataset would hold a variable or a fed value is withdrawn, with the reason (round 17).

The rewrite's datasets are read through ``make_one_shot_iterator``, which copies everything its dataset uses into
the dataset's own graph, by value: a variable, a placeholder or a random op made outside cannot be copied
(``ValueError: Cannot capture a stateful node (name:normalise/scale, type:VarHandleOp) by value``), and a variable
made inside a dataset function is made again, apart from the model's. So, checked on the rewritten module:

- a **dataset function** (one the rewrite marks ``do_not_convert``, a function it wraps so, and the module's
  functions they call) that calls a variable-making API (``get_variable``, ``Variable``, ``make_template``, a layer
  with weights, ...), or reads a name or an attribute of ``self`` bound to one (``normalise =
  tf.make_template(...)``, ``self.scale = tf.Variable(...)``, ``dense = tf.layers.Dense(4)``), or to a placeholder;
- a **chain parameter** (the batch size, a buffer size, the files, ...) of the statements that build a dataset
  read by a one-shot iterator, followed back through the assignments of its function and, for a parameter of
  that function, through the arguments of the module's calls of it, that is a variable, a placeholder or a random
  op (``batch_size = tf.Variable(tf.placeholder(tf.int32, []), collections=[])``, fed later).

A ``placeholder_with_default`` no run of the program can feed (``unfed_defaults.py``) is its default value, as
legacy's queue runners read it (they run their enqueues without feeds), and the one-shot iterator copies it with
its default: read by the producer's tensors (or the chain's parameters read from the same call, the shuffle's
``tf.shape(t)[0]``) and the dataset functions it is none of these; its default is followed instead.

Either withdraws the module's rewrites (``collection_reads.left_whole``), each pipeline left with the reason naming
the call and its line, so the program keeps its queues (``migrate --to compat`` runs them).
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import identifiers, imported_roots, keep, module_aliases, nodes_of, wrapped
from tfdata_bridge._src.migrate.calls import code_of, param_names
from tfdata_bridge._src.migrate.unfed_defaults import ApiPaths, folded, unfed_defaults
from tfdata_bridge._src.migrate.walk import Visitor

# APIs that make or read a variable (by their last name, under any TensorFlow module)
VARIABLES = frozenset({"Variable", "VariableV1", "VariableV2", "ResourceVariable", "get_variable", "get_local_variable",
                       "make_template", "model_variable", "local_variable", "get_or_create_global_step",
                       "create_global_step", "get_global_step", "variable"})
FED = frozenset({"placeholder", "placeholder_with_default", "sparse_placeholder"})
# made outside a dataset function, these cannot be copied into it either
RANDOM = frozenset({"random_uniform", "random_normal", "truncated_normal", "random_shuffle", "random_crop",
                    "multinomial", "random_gamma", "random_poisson", "uniform", "normal"})
# lookup tables (a resource, as a variable is): made outside a dataset, its functions cannot capture one by value
# (``Cannot capture a stateful node (name:hash_table, type:HashTableV2)``, round 60); made inside, they can
TABLES = frozenset({"StaticHashTable", "StaticHashTableV1", "HashTable", "StaticVocabularyTable",
                    "StaticVocabularyTableV1", "MutableHashTable", "MutableDenseHashTable", "DenseHashTable",
                    "IdTableWithHashBuckets", "index_table_from_file", "index_table_from_tensor",
                    "index_to_string_table_from_file", "index_to_string_table_from_tensor", "string_to_index",
                    "index_to_string", "string_to_index_table_from_file", "string_to_index_table_from_tensor"})
# the next element of an iterator or a queue, made outside a dataset: a stateful op it cannot capture either (two
# readers read in lockstep, one of them rewritten apart from the batch that pairs them: round 19)
NEXT = frozenset({"get_next", "dequeue", "dequeue_many", "dequeue_up_to"})
_LAYER_MODULES = ("layers.", "keras.layers.", "contrib.layers.", "compat.v1.layers.")
_WEIGHTLESS = frozenset({"dropout", "Dropout", "flatten", "Flatten", "max_pooling1d", "max_pooling2d", "max_pooling3d",
                         "average_pooling1d", "average_pooling2d", "average_pooling3d", "MaxPooling1D", "MaxPooling2D",
                         "MaxPooling3D", "AveragePooling1D", "AveragePooling2D", "AveragePooling3D", "MaxPool2D",
                         "AveragePooling", "Reshape", "Activation", "Lambda", "Concatenate", "Add", "Multiply",
                         "Input", "InputLayer", "Permute", "RepeatVector", "ZeroPadding2D", "Cropping2D",
                         "GlobalAveragePooling2D", "GlobalMaxPooling2D", "UpSampling2D", "Masking", "ReLU",
                         "Softmax", "LeakyReLU"})
_DATASET_METHODS = frozenset({"map", "flat_map", "interleave", "filter", "batch", "padded_batch", "shuffle",
                              "repeat", "prefetch", "take", "skip", "unbatch", "apply", "window", "shard", "cache"})
# what a dataset call's arguments were in the legacy pipeline
_ROLES = {"batch": "batch size", "padded_batch": "batch size", "shuffle": "shuffle capacity", "repeat": "epoch count",
          "from_tensor_slices": "producer's tensor", "take": "element count", "prefetch": "buffer size"}
_DEPTH = 6
_GROWERS = frozenset({"append", "extend", "insert"})  # (a list's methods that give it values)
# what a grown list's values count as: a list is followed through its ``.append``/``.extend``/``.insert`` only where
# a value given holds a variable or a table (round 79's ``self.held.append(tf.Variable(...))``); a list of ordinary
# tensors (``out.append(line)``, a reader's records) is no state the dataset would capture (its ``len(out)`` is a
# Python int when the graph is built)
_HELD_KINDS = frozenset({"a variable", "a template holding variables", "a layer with weights", "a lookup table"})
_NEXT_KIND = "the next element of another pipeline"
_TABLE_KIND = "a lookup table"
_WHY_NEXT = ("a dataset cannot capture another pipeline's iterator or queue (`Cannot capture a stateful node`), and "
             "two readers read in lockstep into one batch pair their i-th records only as one pipeline; keep the "
             "queues (`migrate --to compat`), or read both sources in the batch's function")
_WHY = ("a dataset read by a one-shot iterator cannot hold a variable or a fed value (`Cannot capture a stateful "
        "node`), and one made inside it would not be the model's; keep this code after the batch, or keep the queue "
        "(`migrate --to compat`)")  # assignments and calls followed back from a chain parameter


def withdrawn_for_state(module: cst.Module, original: cst.Module | None = None, imported=None,
                        others: list[str] | tuple[str, ...] | None = ()) -> str | None:
    """Why ``module`` (a rewrite) cannot keep its one-shot iterators: the first dataset function using a
    variable or a fed value, or chain parameter that is one; None where there is none. ``original``: the module as
    written (what it already had is no rewrite's: a ``do_not_convert`` of its own is not checked). ``imported(name)``:
    ``(module, attribute or None)`` where ``name`` is imported from another module of the tree (a tree's helper
    module: its functions and module-level names are read there)."""
    code = code_of(module)
    if "make_one_shot_iterator" not in code or not _QUICK.search(code) and not _foreign_quick(module, imported):
        return None  # (no such API spelled here, nor in a module it imports from the tree: libcst is not asked)
    return _Check(module, original, imported, others).why()


_QUICK = re.compile(r"\b(%s|layers|keras|random\w*)\b" % "|".join(sorted(VARIABLES | FED | RANDOM | NEXT | TABLES)))


def _foreign_quick(module: cst.Module, imported) -> bool:
    """A name the module imports from another module of the tree, whose text spells one of the APIs."""
    if imported is None:
        return False
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                where = imported(alias.evaluated_alias or alias.evaluated_name)
                if where is not None and _QUICK.search(where[0].code):
                    return True
    return False


class _Check:
    def __init__(self, module: cst.Module, original: cst.Module | None, imported=None, others=None) -> None:
        self.module = module
        # (the program's ``placeholder_with_default`` calls no run can feed: their defaults, no fed value)
        # (only in the producer's tensors and the per-element code, or what is read from the same call,
        # ``tf.shape(t)``: a batch size or an epoch count that is one stays one "known only when the session runs")
        self.unfed = unfed_defaults(original if original is not None else module, others) \
            if others is not None else frozenset()
        self.producing = False  # (checking a ``from_tensor_slices`` argument or a dataset function)
        self.produced: set[int] = set()  # id(call): the unfed defaults the producer's tensors read
        self.imported = imported
        self.original = original
        self.homes: dict[int, _Check] = {}
        self.code = module.code_for_node
        wrapper = wrapped(module)
        index = ApiPaths(imported_roots(module))
        index.tf_aliases = module_aliases(module)
        wrapper.visit(index)
        self.paths = index.paths
        self.functions: dict[str, list[cst.FunctionDef]] = {}
        self.parent: dict[int, cst.CSTNode] = {}  # id(function) -> the function or module holding it
        self.holders: dict[int, cst.FunctionDef] = {}  # id(call) -> the innermost function holding it
        self._walk(module, module)
        self.attrs: dict[str, cst.BaseExpression] = {}  # ``self.x = <value>`` anywhere
        for assign in nodes_of(module, cst.Assign):
            for t in assign.targets:
                if isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name) and \
                        t.target.value.value == "self":
                    self.attrs.setdefault(t.target.attr.value, assign.value)
        # (a list attribute grown by ``self.x.append(<value>)``: what it holds is what it is given too, round 79's
        # ``self.tf_imgs.append(tf.Variable(placeholder, collections=[]))`` sliced by a producer)
        # the program's own ``do_not_convert`` functions (only a marked function's text is ever looked up here)
        self.own = {cst.Module([]).code_for_node(f) for f in nodes_of(original, cst.FunctionDef)
                    if _marked(f)} if original else set()
        self.written = code_of(original) if original is not None else code_of(module)
        # (only the values that hold a variable or a table: ``_HELD_KINDS``)
        grown: dict[str, list[cst.BaseExpression]] = {}
        for call in nodes_of(module, cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value in _GROWERS and call.args and \
                    isinstance(func.value, cst.Attribute) and isinstance(func.value.value, cst.Name) and \
                    func.value.value.value == "self" and \
                    self._held(call.args[-1].value, self._holder_of(call), 0, set()) is not None:
                grown.setdefault(func.value.attr.value, []).append(call.args[-1].value)
        for attr, values in grown.items():
            first = [self.attrs[attr]] if attr in self.attrs else []
            self.attrs[attr] = cst.List([cst.Element(v) for v in first + values])

    def _walk(self, holder: cst.CSTNode, module: cst.Module) -> None:
        for fn in nodes_of(holder, cst.FunctionDef):
            if fn is holder or id(fn) in self.parent:
                continue
            self.parent[id(fn)] = holder
            self.functions.setdefault(fn.name.value, []).append(fn)
            for call in nodes_of(fn, cst.Call):  # (outer functions first: the innermost one holds the call)
                self.holders[id(call)] = fn
            self._walk(fn, module)

    # -- what a value is -------------------------------------------------------------------------------------
    def _api(self, call: cst.Call) -> str | None:
        return self.paths.get(id(call))

    def _kind(self, call: cst.Call, captured: bool) -> str | None:
        """``"a variable"`` / ``"a placeholder"`` / ``"a random op"`` where ``call`` makes one (``captured``: made
        outside the dataset, where a random op counts too)."""
        path = self._api(call)
        if path is None:
            return None
        last = path.rsplit(".", 1)[-1]
        if last in VARIABLES:
            return "a variable" if last != "make_template" else "a template holding variables"
        if any(path.startswith(m) for m in _LAYER_MODULES) and last not in _WEIGHTLESS:
            return "a layer with weights"
        if last in FED:
            if last == "placeholder_with_default" and folded(self.code(call)) in self.unfed and \
                    (self.producing or id(call) in self.produced):
                self.produced.add(id(call))  # (a size of the producer's tensors read from it: the same default)
                return None  # (its default: the calls in it and the names it reads are followed still)
            return "a placeholder fed at run time"
        if captured and (last in RANDOM or path.startswith("random.")):
            return "a random op"
        if captured and last in TABLES:
            return _TABLE_KIND
        return None

    def _next_element(self, call: cst.Call, holder: cst.CSTNode) -> str | None:
        """``"the next element of another pipeline"`` where ``call`` (in ``holder``) is an iterator's
        ``get_next()``, a queue's ``dequeue`` or a reader's ``read`` of its queue (another module's helper, as
        written: its own rewrite makes it an iterator's next element): made outside a dataset, it cannot be
        captured by one."""
        func = call.func
        if not isinstance(func, cst.Attribute):
            return None
        if func.attr.value in NEXT:
            return _NEXT_KIND
        if func.attr.value in ("read", "read_up_to") and call.args and self._reader(func.value, holder):
            return _NEXT_KIND
        return None

    def _reader(self, value: cst.BaseExpression, holder: cst.CSTNode) -> bool:
        """``value`` is a reader made by a ``...Reader(...)`` call, inline or bound to a name in ``holder`` (a
        Python file's ``f.read(16)`` is none)."""
        def made(v: cst.BaseExpression) -> bool:
            return isinstance(v, cst.Call) and self.code(v.func).rsplit(".", 1)[-1].endswith("Reader")
        if isinstance(value, cst.Name):
            return any(made(v) for v in _assigned(holder, value.value))
        return made(value)

    def _returned(self, call: cst.Call, depth: int, seen: set) -> tuple | None:
        """What a call of one of the module's functions (or another tree module's) returns, where that is, or is
        computed from, the next element of a pipeline (a helper reading its own file, rewritten apart)."""
        func = call.func
        if isinstance(func, cst.Name) and func.value in self.functions:
            for fn in self.functions[func.value]:
                if ("returns", id(fn)) in seen:
                    continue
                seen.add(("returns", id(fn)))
                for ret in nodes_of(fn, cst.Return):
                    if ret.value is None:
                        continue
                    found = self._stateful(ret.value, fn, depth + 1, seen, follow=True)
                    if found is not None and found[1] in (_NEXT_KIND, _TABLE_KIND):
                        return found
            return None
        home = None
        if isinstance(func, cst.Name):
            home = self._home(func.value)
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == "self" \
                and func.attr.value not in self.functions:
            home = self._inherited(func.attr.value)
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            home = self._home(func.value.value, func.attr.value)
        if home is not None and home[1] in home[0].functions:
            check, name = home
            for fn in check.functions[name]:
                for ret in nodes_of(fn, cst.Return):
                    if ret.value is not None:
                        found = check._stateful(ret.value, fn, depth + 1, set(), follow=True)
                        if found is not None and found[1] in (_NEXT_KIND, _TABLE_KIND):
                            return found
        return None

    def _stateful(self, value: cst.BaseExpression, holder: cst.CSTNode, depth: int, seen: set,
                  follow: bool = False) -> tuple | None:
        """``(call, kind)`` where ``value`` (read in ``holder``) is, or is computed from, a stateful value
        (``follow``: a captured tensor, whose pipeline's next element and helpers' returns count too)."""
        if depth > _DEPTH:
            return None
        for call in nodes_of(value, cst.Call):
            kind = self._kind(call, captured=True) or (self._next_element(call, holder) if follow else None)
            if kind is not None:
                return call, kind
            found = self._returned(call, depth, seen)
            if found is not None and (follow or found[1] == _TABLE_KIND):
                return found
        for name in identifiers(value):
            found = self._bound(name.value, holder, depth + 1, seen, follow)
            if found is not None:
                return found
        for attr in nodes_of(value, cst.Attribute):
            if isinstance(attr.value, cst.Name) and attr.value.value == "self" and attr.attr.value in self.attrs and \
                    ("self", attr.attr.value) not in seen:
                seen.add(("self", attr.attr.value))
                found = self._stateful(self.attrs[attr.attr.value], self.module, depth + 1, seen, follow)
                if found is not None:
                    return found
        return None

    def _held(self, value: cst.BaseExpression, holder: cst.CSTNode, depth: int, seen: set) -> tuple | None:
        """``(call, kind)`` where ``value`` (given to a list by ``.append`` and the like, in ``holder``) holds a
        variable or a table (``_HELD_KINDS``); None for anything else, a reader's record among them."""
        found = self._stateful(value, holder, depth, seen)
        return found if found is not None and found[1] in _HELD_KINDS else None

    def _bound(self, name: str, holder: cst.CSTNode, depth: int, seen: set, follow: bool = False) -> tuple | None:
        """What ``name``, read in ``holder``, is bound to there or in the functions and module around it (a list
        it names grown there by ``.append(<value>)``: a variable or a table given it, ``_held``)."""
        while holder is not None:
            key = (id(holder), name)
            if key in seen:
                return None
            seen.add(key)
            values = _assigned(holder, name)
            for v in values:
                found = self._stateful(v, holder, depth, seen, follow)
                if found is not None:
                    return found
            for v in _grown(holder, name):
                found = self._held(v, holder, depth, seen)
                if found is not None:
                    return found
            if values:
                return None
            if isinstance(holder, cst.FunctionDef) and name in param_names(holder):
                default = next((p.default for p in [*holder.params.params, *holder.params.kwonly_params]
                                if p.name.value == name and p.default is not None), None)
                found = self._stateful(default, self.parent.get(id(holder), self.module), depth + 1, seen, follow) \
                    if default is not None else None
                return found or self._passed(holder, name, depth, seen, follow)
            holder = self.parent.get(id(holder)) if not isinstance(holder, cst.Module) else None
        return None

    def _passed(self, fn: cst.FunctionDef, name: str, depth: int, seen: set, follow: bool = False) -> tuple | None:
        """What the module's calls of ``fn`` pass as its parameter ``name``."""
        params = [p.name.value for p in fn.params.params]
        at = params.index(name) if name in params else None
        method = bool(params) and params[0] in ("self", "cls")
        if at is not None and method:
            at -= 1  # (called as ``self.fn(...)``)
        for call in nodes_of(self.module, cst.Call):
            func = call.func
            # (a module function is called by its name: ``sess.run(...)`` is no call of a function ``run``)
            called = func.value if isinstance(func, cst.Name) else func.attr.value \
                if isinstance(func, cst.Attribute) and method else None
            if called != fn.name.value:
                continue
            arg = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)
            positional = [a for a in call.args if a.keyword is None and not a.star]
            if arg is None and at is not None and 0 <= at < len(positional):
                arg = positional[at].value
            if arg is None:
                continue
            found = self._stateful(arg, self._holder_of(call), depth + 1, seen, follow)
            if found is not None:
                return found
        return None

    def _inherited(self, method: str) -> tuple[_Check, str] | None:
        """(the check of a tree module, ``method``) where a class of this module inherits ``method`` from a base
        class imported from that module (round 64: a subclass's dataset read what its base's method returned, the
        next element of a pipeline rewritten in the base's module)."""
        for cls in nodes_of(self.module, cst.ClassDef):
            for base in cls.bases:
                if isinstance(base.value, cst.Name):
                    home = self._home(base.value.value)
                    if home is not None and method in home[0].functions:
                        return home[0], method
        return None

    def _home(self, name: str, attr: str | None = None) -> tuple[_Check, str] | None:
        """(the check of the tree module ``name`` is imported from, the name there) for an imported name (or a
        module's ``attr``)."""
        where = self.imported(name) if self.imported is not None else None
        if where is None or (where[1] is None) == (attr is None):
            return None
        home, there = where
        if id(home) not in self.homes:
            self.homes[id(home)] = _Check(home, home)
        return self.homes[id(home)], there if there is not None else attr

    def _foreign(self, func: cst.BaseExpression) -> str | None:
        """What a call of ``func`` (a name imported from another module of the tree, or ``module.name``) does
        there: a variable or a fed value used by the function, or the name bound to one; None otherwise."""
        if isinstance(func, cst.Name):
            home = self._home(func.value)
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            home = self._home(func.value.value, func.attr.value)
        else:
            return None
        if home is None:
            return None
        check, name = home
        if name in check.functions:
            return check.why_of(check.functions[name], chain=False, said=False)
        found = check._bound(name, check.module, 0, set())
        return None if found is None else f"{found[1]} ({check._made(found[0])}, in its module)"

    def _holder_of(self, call: cst.Call) -> cst.CSTNode:
        return self.holders.get(id(call), self.module)

    # -- where to look ---------------------------------------------------------------------------------------
    def _dataset_functions(self) -> list[cst.FunctionDef]:
        marked = [fn for fns in self.functions.values() for fn in fns
                  if _marked(fn) and cst.Module([]).code_for_node(fn) not in self.own]
        for call in nodes_of(self.module, cst.Call):
            if isinstance(call.func, cst.Attribute) and call.func.attr.value == "do_not_convert" and call.args and \
                    isinstance(call.args[0].value, cst.Name):
                marked += self.functions.get(call.args[0].value.value, [])
        out: list[cst.FunctionDef] = []
        todo = list(marked)
        while todo:
            fn = todo.pop()
            if any(fn is f for f in out):
                continue
            out.append(fn)
            for call in nodes_of(fn, cst.Call):
                if isinstance(call.func, cst.Name):
                    todo += self.functions.get(call.func.value, [])
        return out

    def why(self) -> str | None:
        for call in nodes_of(self.module, cst.Call):  # ``do_not_convert(reading.parse)``: another module's function
            if isinstance(call.func, cst.Attribute) and call.func.attr.value == "do_not_convert" and call.args:
                inner = self._foreign(call.args[0].value)
                if inner is not None:
                    return (f"the per-element code (`{self.code(call.args[0].value)}`, of another module) {inner}: "
                            + _WHY)
        return self.why_of(self._dataset_functions())

    def why_of(self, functions, chain: bool = True, said: bool = True) -> str | None:
        """The first of ``functions`` (and the module functions they call) using a variable or a fed value;
        ``said``: as the whole reason (else what it does, for another module's caller); ``chain``: then the
        chain parameters."""
        seen: list[cst.FunctionDef] = []
        todo = list(functions)
        while todo:  # (the module's functions they call, and its methods called on an object: ``scaler.apply(x)``)
            fn = todo.pop(0)
            if any(fn is f for f in seen):
                continue
            seen.append(fn)
            todo += [f for c in nodes_of(fn, cst.Call) for f in self.functions.get(self._called(c), [])]
        for fn in seen:
            self.producing = True  # (per-element code reading an unfed default reads it as the runner did)
            try:
                why = self._function_why(fn)
            finally:
                self.producing = False
            if why is not None:
                return self._said(why[0], fn, why[1]) if said else why[1]
        if said:  # a method of a class of another module of the tree, called on an object (round 23's shape)
            for fn in seen:
                why = self._foreign_method_why(fn)
                if why is not None:
                    return self._said(None, fn, why)
        return self._chain_parameter() if chain else None

    def _called(self, call: cst.Call) -> str | None:
        """The module function a call may run: ``f(...)``'s ``f``; ``obj.m(...)``'s ``m`` where ``obj`` is no
        TensorFlow module (a dunder: none)."""
        func = call.func
        if isinstance(func, cst.Name):
            return func.value
        if isinstance(func, cst.Attribute) and self._api(call) is None and not func.attr.value.startswith("__"):
            return func.attr.value
        return None

    def _foreign_method_why(self, fn: cst.FunctionDef) -> str | None:
        """What a method of a class of another module of the tree, called in ``fn`` on an object
        (``words.encode(x)``), does with a variable or a fed value; None where none does."""
        if self.imported is None:
            return None
        names = {self._called(c) for c in nodes_of(fn, cst.Call) if isinstance(c.func, cst.Attribute)} - {None}
        if not names:
            return None
        for check in self._imported_checks():
            for name in sorted(names):
                methods = [f for f in check.functions.get(name, [])
                           if f.params.params and f.params.params[0].name.value == "self"]
                if methods:
                    why = check.why_of(methods, chain=False, said=False)
                    if why is not None:
                        return f"calls `.{name}(...)` of another module, which {why}" if why.startswith(
                            ("calls", "reads")) else f"calls `.{name}(...)` of another module, {why}"
        return None

    def _imported_checks(self) -> list[_Check]:
        """The checks of the tree's modules this module imports from (by ``import`` or ``from ... import``)."""
        out: list[_Check] = []
        for stmt in self.module.body:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not isinstance(small, (cst.Import, cst.ImportFrom)) or isinstance(small.names, cst.ImportStar):
                continue
            for alias in small.names:
                where = self.imported(alias.evaluated_alias or alias.evaluated_name)
                if where is None or not _QUICK.search(where[0].code):
                    continue
                home = where[0]
                if id(home) not in self.homes:
                    self.homes[id(home)] = _Check(home, home)
                if all(c is not self.homes[id(home)] for c in out):
                    out.append(self.homes[id(home)])
        return out

    def _function_why(self, fn: cst.FunctionDef) -> tuple | None:
        local = param_names(fn) | {n for t in nodes_of(fn, cst.AssignTarget) for n in _target_ids(t.target)}
        for call in nodes_of(fn, cst.Call):
            kind = self._kind(call, captured=False)
            foreign = self._foreign(call.func) if kind is None and (
                not isinstance(call.func, cst.Name) or call.func.value not in local) else None
            if foreign is not None:
                return None, f"calls `{self.code(call.func)}`, which {foreign}" if foreign.startswith(
                    ("calls", "reads")) else f"calls `{self.code(call.func)}`, {foreign}"
            if kind is None and isinstance(call.func, cst.Name) and call.func.value not in local:
                deco = next((d for f in self.functions.get(call.func.value, []) for d in f.decorators
                             if not _plain_decorator(d)), None)
                if deco is not None:  # (``@producer_func``: what the wrapper makes is not in the function's body)
                    return None, (f"calls `{call.func.value}`, decorated by `@{_short(self.code(deco.decorator))}`, "
                                  "whose wrapper the rewrite cannot follow: it may make a queue, a placeholder or a "
                                  "variable, which a dataset cannot hold")
            if kind is None and isinstance(call.func, cst.Name) and call.func.value not in local and \
                    call.func.value not in self.functions:
                found = self._bound(call.func.value, self.parent.get(id(fn), self.module), 0, set())
                kind = found[1] if found is not None else None
                if found is not None:
                    return None, f"calls `{self.code(call.func)}`, {found[1]} ({self._made(found[0])})"
            elif kind is None and isinstance(call.func, cst.Attribute) and \
                    isinstance(call.func.value, cst.Name) and call.func.value.value == "self" and \
                    call.func.attr.value in self.attrs:
                found = self._stateful(self.attrs[call.func.attr.value], self.module, 0, set())
                if found is not None:
                    return None, f"calls `{self.code(call.func)}`, {found[1]} ({self._made(found[0])})"
            if kind is not None:
                return call, f"calls `{_short(self.code(call))}`, {kind}"
        for name in identifiers(fn):
            if name.value in local or name.value in self.functions:
                continue
            found = self._bound(name.value, self.parent.get(id(fn), self.module), 0, set(), follow=True)
            if found is not None:
                return None, f"reads `{name.value}`, {found[1]} ({self._made(found[0])})"
            home = self._home(name.value) if self.imported is not None else None
            if home is not None and home[1] not in home[0].functions:
                # (a name imported from another module of the tree: ``from model_vars import scale``)
                check, there = home
                found = check._bound(there, check.module, 0, set())
                if found is not None:
                    return None, f"reads `{name.value}`, {found[1]} ({check._made(found[0])}, in its module)"
        for attr in nodes_of(fn, cst.Attribute):  # a method reading what its object's constructor made
            if isinstance(attr.value, cst.Name) and attr.value.value == "self" and attr.attr.value in self.attrs:
                found = self._stateful(self.attrs[attr.attr.value], self.module, 0, set())
                if found is not None:
                    return None, f"reads `self.{attr.attr.value}`, {found[1]} ({self._made(found[0])})"
        return None

    def _line(self, node: cst.CSTNode) -> int | None:
        """``node``'s line in the module as written (where its text is there once), else None."""
        text = self.code(node)
        at = self.written.find(text)
        if at < 0 or self.written.find(text, at + 1) >= 0:
            return None
        return self.written.count("\n", 0, at) + 1

    def _made(self, call: cst.CSTNode) -> str:
        line = self._line(call)
        return f"`{_short(self.code(call))}`{f', line {line}' if line else ''}"

    def _said(self, call: cst.CSTNode | None, fn: cst.FunctionDef, what: str) -> str:
        line = self._line(call) if call is not None else None
        where = f" (line {line})" if line else ""
        why = _WHY_NEXT if _NEXT_KIND in what else _WHY
        return f"the per-element code (`{fn.name.value}`) {what}{where}: " + why

    def _chain_parameter(self) -> str | None:
        calls = nodes_of(self.module, cst.Call)
        # the producer's tensors first: a capacity made from them (``tf.shape(x)[0]``) is stateful because they are
        calls = sorted(calls, key=lambda c: not (isinstance(c.func, cst.Attribute) and
                                                 c.func.attr.value == "from_tensor_slices"))
        for call in calls:
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value in _DATASET_METHODS | {"from_tensor_slices"}
                    or (self._api(call) or "").startswith("data.")):
                continue
            if self.original is not None and self.code(call) in self.written:
                continue  # (the program's own tf.data code, as written: no rewrite's)
            holder = self._holder_of(call)
            method = func.attr.value if isinstance(func, cst.Attribute) else self.code(func).rsplit(".", 1)[-1]
            for arg in call.args:
                if isinstance(arg.value, (cst.Lambda,)) or isinstance(arg.value, cst.Name) and \
                        arg.value.value in self.functions:
                    continue
                self.producing = method == "from_tensor_slices"
                try:
                    found = self._stateful(arg.value, holder, 0, set())
                finally:
                    self.producing = False
                if found is not None:
                    line = self._line(found[0])
                    if method == "from_tensor_slices":  # (the how-to's preloaded variables, round 21)
                        return (f"the producer's tensors `{_short(self.code(arg.value))}` read {found[1]} "
                                f"(`{_short(self.code(found[0]))}`{f', line {line}' if line else ''}), set when the "
                                "session runs (a variable initialized by feeding, say): a one-shot iterator cannot "
                                "capture a variable, and an initializable one would have to be initialized after the "
                                "program sets it; slice the Python values (`from_tensor_slices` of the arrays fed) instead, "
                                "or keep the queue (`--fallback compat` runs it through the drop-in)")
                    return (f"the {_ROLES.get(method, f'parameter of `{method}`')} `{_short(self.code(arg.value))}` "
                            f"is {found[1]} (`{_short(self.code(found[0]))}`{f', line {line}' if line else ''}), "
                            "known only when the session runs: a one-shot iterator cannot capture it, and a tf.data "
                            "chain's parameters are fixed when it is built; pass a Python value, or keep the queue "
                            "(`migrate --to compat`)")
        return None


# decorators that leave a function's body what runs (the rewrite's own mark among them)
_PLAIN_DECORATORS = ("do_not_convert", "staticmethod", "classmethod", "property", "wraps", "function",
                     "lru_cache", "cache")


def _plain_decorator(decorator: cst.Decorator) -> bool:
    """``@staticmethod``, ``@functools.wraps(f)``, ``@tf.function``, ...: the function's own body is what runs."""
    node = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
    return cst.Module([]).code_for_node(node).rsplit(".", 1)[-1] in _PLAIN_DECORATORS


def _marked(fn: cst.FunctionDef) -> bool:
    """``fn`` is decorated ``do_not_convert`` (under any name of the module holding it)."""
    return any(cst.Module([]).code_for_node(d.decorator).endswith("do_not_convert") for d in fn.decorators)


def _short(text: str, most: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 3] + "..."



def _target_ids(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for el in target.elements for n in _target_ids(el.value)}
    return set()


def _assigned(holder: cst.CSTNode, name: str) -> list[cst.BaseExpression]:
    """The values ``name`` is assigned in ``holder``'s own body (nested functions and classes not counted); a
    tuple unpacked from one value gives that value."""
    return list(_assignments(holder).get(name, ()))


_ASSIGNMENTS: dict[int, tuple[cst.CSTNode, dict[str, list[cst.BaseExpression]],
                              dict[str, list[cst.BaseExpression]]]] = {}
_ASSIGNMENTS_KEPT = 64


def _grown(holder: cst.CSTNode, name: str) -> list[cst.BaseExpression]:
    """The values ``holder``'s own body gives the list ``name`` (``name.append(<value>)``, ``.extend``,
    ``.insert``), apart from its assignments: a caller counts only those holding a variable or a table."""
    return list(_assignments(holder, grown=True).get(name, ()))


def _assignments(holder: cst.CSTNode, grown: bool = False) -> dict[str, list[cst.BaseExpression]]:
    """Every name ``holder``'s own body assigns, with its values in source order: one walk of the body for all
    its names (the checks ask a holder for one name after another; a walk per name was a third of a rewrite).
    Kept for the last holders asked, as ``calls.nodes_of`` keeps its searches (libcst's nodes never change).
    ``grown``: the values given to the lists it names by their growing methods instead (``_grown``)."""
    kept = _ASSIGNMENTS.get(id(holder))
    if kept is not None and kept[0] is holder:
        return kept[2] if grown else kept[1]
    out: dict[str, list[cst.BaseExpression]] = {}
    given: dict[str, list[cst.BaseExpression]] = {}

    class _V(Visitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is holder

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

        def visit_Assign(self, node: cst.Assign) -> None:
            for t in node.targets:
                unpacked = isinstance(t.target, (cst.Tuple, cst.List)) and \
                    isinstance(node.value, (cst.Tuple, cst.List)) and len(node.value.elements) == len(t.target.elements)
                for name in sorted(_target_ids(t.target)):
                    value = node.value
                    if unpacked:
                        value = next(v.value for tt, v in zip(t.target.elements, node.value.elements)
                                     if name in _target_ids(tt.value))
                    out.setdefault(name, []).append(value)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            if isinstance(node.target, cst.Name):
                out.setdefault(node.target.value, []).append(node.value)

        def visit_Call(self, node: cst.Call) -> None:  # (``parts.append(<value>)``: what the list holds)
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value in _GROWERS and node.args and \
                    isinstance(func.value, cst.Name):
                given.setdefault(func.value.value, []).append(node.args[-1].value)

    holder.visit(_V())
    keep(_ASSIGNMENTS, id(holder), (holder, out, given), _ASSIGNMENTS_KEPT)
    return given if grown else out


__all__ = ["withdrawn_for_state"]
