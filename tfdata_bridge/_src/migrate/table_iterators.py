"""A per-record function that reads a lookup table: its dataset's iterator is initialized with the tables.

    table = tf.lookup.StaticHashTable(initializer, default_value=0)
    def parse_record(line):
        ...
        ids = table.lookup(words)
        return ids, label
    dataset = tf.data.TextLineDataset(file_names).map(parse_record).padded_batch(4)
    ids, labels = tf.data.make_one_shot_iterator(dataset).get_next()

A one-shot iterator cannot hold a dataset that captures a stateful object (``ValueError: Cannot capture a stateful
node (name:hash_table, ...) by value``), so the rewrite above would fail when the graph is built. Legacy ran the
same lookup in the queue's producer after ``tf.tables_initializer()`` had filled the table; the rewrite makes an
initializable iterator and puts its initializer in the ``TABLE_INITIALIZERS`` collection, so the program's own
``tables_initializer()`` (or a ``Scaffold``'s, in monitored sessions) starts the dataset with the tables:

    iterator = tf.data.make_initializable_iterator(dataset)
    tf.add_to_collection(tf.GraphKeys.TABLE_INITIALIZERS, iterator.initializer)
    ids, labels = iterator.get_next()

A table is a name (or an attribute of the object, ``self.table``) assigned a call of a lookup-table constructor
(``*Table``, ``index_table_from_*``, ``index_to_string_table_from_*``), read by a generated per-record function
(one decorated ``do_not_convert``) of the same function, or such a call in that function itself (TensorFlow makes
the table once, outside, when it traces the function: it is captured all the same). The per-record function may
also reach a table through a call: of a function or method of the module (``labels.lookup(value)``, whose class
makes its table on the first call) or of a module of the tree it imports from, that makes or reads one, directly or
through the calls it makes in turn (round 23: such a lookup moved into the map function failed with the error
above when the graph was built). Applied to the rewritten module (``to_tfdata._run``).
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.helpers import get_full_name_for_node

from tfdata_bridge._src.migrate.calls import code_of, dotted, identifiers, module_aliases, names_in, nodes_of
from tfdata_bridge._src.migrate.comments import wrapped_comment
from tfdata_bridge._src.migrate.returned_lists import Replace

_QUICK = re.compile(r"(Table|index_table_from_\w+|index_to_string_table_from_\w+)\(")
NOTE = ("the per-record function reads a lookup table: an initializable iterator, started with the tables "
        "(`tables_initializer()`), as a one-shot iterator cannot hold a table")


def initialized_with_tables(module: cst.Module, imported=None, elsewhere=None) -> cst.Module:
    """``module`` with each one-shot iterator over a dataset whose per-record function reads a lookup table made
    initializable and registered with the tables' initializers (the same module object where there is none).
    ``imported(name)``: ``(module, attribute or None)`` where ``name`` is imported from another module of the tree
    (its functions that reach a table count as this module's)."""
    code = code_of(module)
    if "make_one_shot_iterator" not in code or "do_not_convert" not in code:
        return module
    here = _QUICK.search(code) is not None
    foreign = _foreign_reaching(module, imported)
    handed = _handed_elsewhere(module, elsewhere)
    makers = _foreign_makers(module, imported)
    if not here and not foreign and not handed and not makers:
        return module  # (no table constructor by spelling, here or in a module it imports: nothing more to ask)
    tables, table_attrs = _tables(module, makers) if here or makers else ({}, set())
    for key, names in handed.items():
        tables.setdefault(key, set()).update(names)
    reaching = _reaching(module, tables.get(0, set()), table_attrs) | foreign
    if not tables and not table_attrs and not reaching:
        return module
    changes: dict[int, object] = {}
    roots = _tf_roots(module)
    taken = {n.value for n in nodes_of(module, cst.Name)}
    for outer in nodes_of(module, cst.FunctionDef):
        if not isinstance(outer.body, cst.IndentedBlock):
            continue
        known = tables.get(id(outer), set()) | tables.get(0, set())
        maps = [f for f in nodes_of(outer, cst.FunctionDef) if f is not outer and _generated(f)
                and _reads_table(f, known, table_attrs, reaching, roots)]
        # (a map function of the module handed a table by a lambda: ``.map(lambda v: read_one(v, vocab))``)
        handing = [a for a in nodes_of(outer, cst.Assign)
                   if any({n.value for n in identifiers(lam.body)} & known for lam in nodes_of(a.value, cst.Lambda))]
        # (a function mapped by its name, of this module or another of the tree, that makes or reads a table:
        # ``.map(do_not_convert(reading.read_labelled))``, the reader helper turned per-record function)
        handing += [a for a in nodes_of(outer, cst.Assign) if any(_maps_reaching(c, reaching)
                                                                   for c in nodes_of(a.value, cst.Call))]
        if not maps and not handing:
            continue
        datasets = _datasets(outer, {f.name.value for f in maps},
                             {n for a in handing for t in a.targets for n in names_in(t.target)})
        for call in nodes_of(outer, cst.Call):
            func = call.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == "make_one_shot_iterator"
                    and len(call.args) == 1 and isinstance(call.args[0].value, cst.Name)
                    and call.args[0].value.value in datasets):
                continue
            stmt = _statement_of(outer, call)
            get_next = _get_next_of(stmt, call) if stmt is not None else None
            if get_next is None or id(stmt) in changes:
                continue
            prefix = cst.Module([]).code_for_node(func.value).rsplit(".data", 1)[0]
            name = "iterator"
            k = 1
            while name in taken:
                name, k = f"iterator_{k}", k + 1
            taken.add(name)
            dataset = call.args[0].value.value
            made = cst.parse_statement(f"{name} = {prefix}.data.make_initializable_iterator({dataset})\n")
            made = made.with_changes(leading_lines=[*stmt.leading_lines,
                                                    *wrapped_comment("tfdata-bridge migrate: " + NOTE)])
            registered = cst.parse_statement(
                f"{prefix}.add_to_collection({prefix}.GraphKeys.TABLE_INITIALIZERS, {name}.initializer)\n")
            new_stmt = stmt.visit(Replace({id(get_next): cst.parse_expression(f"{name}.get_next()")}, stmt))
            changes[id(stmt)] = cst.FlattenSentinel([made, registered, new_stmt.with_changes(leading_lines=())])
    if not changes:
        return module
    return module.visit(Replace(changes, module))


def _handed_elsewhere(module: cst.Module, elsewhere) -> dict[int, set[str]]:
    """id(function) -> its parameters that a call in another module of the tree hands a table (``elsewhere(name)``:
    the tree's ``calls_elsewhere``): a name the caller's function binds to a table constructor's call, or unpacks
    from a call of a function (of the caller's module or one it imports from the tree) that returns tables
    (``src_table, tgt_table = vocab.create_vocab_tables(...)`` then ``get_iterator(hparams, src_table,
    tgt_table)``, round 60's NMT input: the one-shot iterator could not hold the tables)."""
    from tfdata_bridge._src.migrate.queue_size import parents

    out: dict[int, set[str]] = {}
    if elsewhere is None:
        return out
    for fn in module.body:
        if not isinstance(fn, cst.FunctionDef) or not isinstance(fn.body, cst.IndentedBlock):
            continue
        params = [p.name.value for p in fn.params.params]
        try:
            calls = elsewhere(fn.name.value)
        except Exception:  # noqa: BLE001 (a call the tree cannot place hands nothing we can read)
            continue
        for call, stmt, other, site in calls:
            if not isinstance(call, cst.Call):
                continue
            up = parents(other)
            caller = up.get(id(stmt))
            while caller is not None and not isinstance(caller, cst.FunctionDef):
                caller = up.get(id(caller))
            scope = caller if caller is not None else other
            positional = [a for a in call.args if a.keyword is None and not a.star]
            for arg in call.args:
                if arg.star or not isinstance(arg.value, cst.Name):
                    continue
                at = positional.index(arg) if arg.keyword is None else None
                name = arg.keyword.value if arg.keyword is not None else params[at] if at < len(params) else None
                if name is not None and _bound_to_table(other, scope, arg.value.value, site):
                    out.setdefault(id(fn), set()).add(name)
    return out


def _bound_to_table(module: cst.Module, scope: cst.CSTNode, name: str, site) -> bool:
    """Whether ``scope`` (of ``module``) binds ``name`` to a lookup table: a constructor's call, or one of the
    tables a function of the tree returns, unpacked by position."""
    roots = _tf_roots(module)
    for assign in nodes_of(scope, cst.Assign):
        for t in assign.targets:
            if isinstance(t.target, cst.Name) and t.target.value == name:
                if _table_call(assign.value, roots) or _returned_tables(module, assign.value, site) == [True]:
                    return True
            elif isinstance(t.target, (cst.Tuple, cst.List)):
                spots = [isinstance(e.value, cst.Name) and e.value.value == name for e in t.target.elements]
                if any(spots) and not any(isinstance(e, cst.StarredElement) for e in t.target.elements):
                    returned = _returned_tables(module, assign.value, site)
                    if returned is not None and len(returned) == len(spots) and returned[spots.index(True)]:
                        return True
    return False


def _returned_tables(module: cst.Module, value: cst.BaseExpression, site) -> list[bool] | None:
    """For a call of a function of ``module`` (or of the tree, through ``site.external``), which items of what it
    returns are tables (``[True]``: the one value returned); None where its returns do not agree or it is unknown."""
    if not isinstance(value, cst.Call):
        return None
    fn, home = None, module
    if isinstance(value.func, cst.Name):
        fn = next((f for f in module.body if isinstance(f, cst.FunctionDef) and f.name.value == value.func.value), None)
    if fn is None and site is not None and getattr(site, "external", None) is not None:
        try:
            found = site.external(value.func)
        except Exception:  # noqa: BLE001 (a function the tree will not hand over: not followed)
            found = None
        if found is not None and getattr(found[1], "module", None) is not None:
            fn, home = found[0], found[1].module
    if fn is None:
        return None
    roots = _tf_roots(home)
    local = {n for a in nodes_of(fn, cst.Assign) if _table_call(a.value, roots) for t in a.targets
             for n in names_in(t.target) if isinstance(t.target, cst.Name)}

    def made(v: cst.BaseExpression) -> bool:
        return _table_call(v, roots) or isinstance(v, cst.Name) and v.value in local
    shapes = []
    for r in nodes_of(fn, cst.Return):
        if r.value is None:
            return None
        if isinstance(r.value, cst.Tuple):
            shapes.append([made(e.value) for e in r.value.elements])
        else:
            shapes.append([made(r.value)])
    return shapes[0] if shapes and all(sh == shapes[0] for sh in shapes) else None


def _tf_roots(module: cst.Module) -> frozenset[str]:
    """The names ``module`` binds to TensorFlow through its imports (``tf``, ``lookup`` of ``from
    tensorflow.compat.v1 import lookup``, ``StaticHashTable`` imported by name) or a module alias (``v1 =
    tf.compat.v1``): a table constructor is called through one of them, a user's own ``Table`` class is not."""
    roots: set[str] = set(module_aliases(module))
    for node in nodes_of(module, cst.Import):
        for alias in node.names:
            if dotted(alias.name).split(".")[0] == "tensorflow":
                bound = alias.asname.name if alias.asname is not None else None
                roots.add(bound.value if isinstance(bound, cst.Name) else "tensorflow")
    for node in nodes_of(module, cst.ImportFrom):
        if node.relative or node.module is None or isinstance(node.names, cst.ImportStar) or \
                dotted(node.module).split(".")[0] != "tensorflow":
            continue
        for alias in node.names:
            bound = alias.asname.name if alias.asname is not None else alias.name
            if isinstance(bound, cst.Name):
                roots.add(bound.value)
    return frozenset(roots)


def _table_call(value: cst.BaseExpression, roots: frozenset[str]) -> bool:
    """A call of a TensorFlow lookup-table constructor (through one of ``roots``, ``_tf_roots``)."""
    if not isinstance(value, cst.Call):
        return False
    full = get_full_name_for_node(value.func) or ""
    if full.split(".", 1)[0] not in roots:
        return False
    last = full.rsplit(".", 1)[-1]
    return last.endswith("Table") or last.endswith("TableWithHashBuckets") or \
        last.startswith(("index_table_from_", "index_to_string_table_from_"))


def _foreign_makers(module: cst.Module, imported) -> set[str]:
    """The spellings (``lookup.index_table_from_file``, ``load_vocab``) under which this module calls a function
    of another module of the tree that returns a lookup table (``_table_makers`` there): a stand-in for
    ``tf.contrib.lookup`` built on ``tf.lookup.StaticVocabularyTable`` (round 80), a ``vocab.load_table(path)``
    helper. Only the tree modules it imports whose text spells a table constructor are asked (the module objects
    the tree holds: nothing is parsed again)."""
    if imported is None:
        return set()
    out: set[str] = set()
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not isinstance(small, (cst.Import, cst.ImportFrom)) or isinstance(small.names, cst.ImportStar):
            continue
        for alias in small.names:
            bound = alias.evaluated_alias or alias.evaluated_name
            try:
                where = imported(bound)
            except Exception:  # noqa: BLE001 (a name the tree cannot place makes no table)
                where = None
            if where is None or not _QUICK.search(code_of(where[0])):
                continue
            found = _table_makers(where[0], _tf_roots(where[0]))
            if where[1] is None:
                out |= {f"{bound}.{name}" for name in found}
            elif where[1] in found:
                out.add(bound)
    return out


def _tables(module: cst.Module, foreign: set[str] = frozenset()) -> tuple[dict[int, set[str]], set[str]]:
    """(id(function) -> the names it assigns a table, 0 for the module's top; the attributes assigned one).
    A table is also what a function of the module returns a table from (``load_vocab_table()``), and a parameter
    of a module function that one of the module's calls of it passes a table (``get_batch(files, table)``, round
    60: the per-record code read the parameter, and the one-shot iterator could not hold it)."""
    names, attrs = _made_tables(module, _tf_roots(module), foreign)
    functions = [f for f in nodes_of(module, cst.FunctionDef) if isinstance(f.body, cst.IndentedBlock)]
    by_name: dict[str, list[cst.FunctionDef]] = {}
    for f in functions:
        by_name.setdefault(f.name.value, []).append(f)
    holder = {id(c): f for f in functions for c in nodes_of(f, cst.Call)}  # (outer first: the innermost wins)
    grown = True
    while grown:  # (a table handed on: a parameter passed a table is one, and passes it on in turn)
        grown = False
        for call in nodes_of(module, cst.Call):
            if not isinstance(call.func, cst.Name) or call.func.value not in by_name:
                continue
            caller = holder.get(id(call))
            known = names.get(0, set()) | (names.get(id(caller), set()) if caller is not None else set())
            for fn in by_name[call.func.value]:
                params = [p.name.value for p in fn.params.params]
                positional = [a for a in call.args if a.keyword is None and not a.star]
                for at, arg in enumerate(call.args):
                    if arg.star:
                        break
                    name = arg.keyword.value if arg.keyword is not None else \
                        params[positional.index(arg)] if positional.index(arg) < len(params) else None
                    if name is None or not isinstance(arg.value, cst.Name) or arg.value.value not in known:
                        continue
                    if name not in names.setdefault(id(fn), set()):
                        names[id(fn)].add(name)
                        grown = True
    return names, attrs


def _made_tables(module: cst.Module, roots: frozenset[str], foreign: set[str] = frozenset()
                 ) -> tuple[dict[int, set[str]], set[str]]:
    """``_tables`` less the tables handed to parameters: names and attributes assigned a table constructor's call,
    a call of a module function that returns a table, or of another tree module's one (``foreign``: how it is
    spelled here, ``_foreign_makers``)."""
    names: dict[int, set[str]] = {}
    attrs: set[str] = set()
    makers = _table_makers(module, roots, foreign)

    def made(value: cst.BaseExpression) -> bool:
        return _table_call(value, roots) or isinstance(value, cst.Call) and (
            isinstance(value.func, cst.Name) and value.func.value in makers or
            bool(foreign) and (get_full_name_for_node(value.func) or "") in foreign)
    holders = [(0, s) for s in module.body] + [(id(f), s) for f in nodes_of(module, cst.FunctionDef)
                                                if isinstance(f.body, cst.IndentedBlock) for s in f.body.body]
    for key, stmt in holders:
        for assign in nodes_of(stmt, cst.Assign):
            if not made(assign.value):
                continue
            for t in assign.targets:
                if isinstance(t.target, cst.Name):
                    names.setdefault(key, set()).add(t.target.value)
                elif isinstance(t.target, cst.Attribute):
                    attrs.add(t.target.attr.value)
    # (a table assigned inside a function's nested blocks: counted for the function)
    for f in nodes_of(module, cst.FunctionDef):
        for assign in nodes_of(f, cst.Assign):
            if made(assign.value):
                for t in assign.targets:
                    if isinstance(t.target, cst.Name):
                        names.setdefault(id(f), set()).add(t.target.value)
    return names, attrs


def _table_makers(module: cst.Module, roots: frozenset[str], foreign: set[str] = frozenset()) -> set[str]:
    """The names of the module's top-level functions that return a table: a constructor's call, a name of theirs
    assigned one, or a call of another such function (or of another tree module's, ``foreign``)."""
    functions = [s for s in module.body if isinstance(s, cst.FunctionDef)]
    found: set[str] = set(foreign)
    grown = True
    while grown:
        grown = False
        for f in functions:
            if f.name.value in found:
                continue

            def made(value: cst.BaseExpression | None) -> bool:
                return value is not None and (_table_call(value, roots) or isinstance(value, cst.Call) and
                                              (get_full_name_for_node(value.func) or "") in found)
            local = {n for a in nodes_of(f, cst.Assign) if made(a.value) for t in a.targets for n in names_in(t.target)}
            returns = [r.value for r in nodes_of(f, cst.Return) if r.value is not None]
            if returns and all(made(v) or isinstance(v, cst.Name) and v.value in local for v in returns):
                found.add(f.name.value)
                grown = True
    return found


def _maps_reaching(call: cst.Call, reaching: set[str]) -> bool:
    """``call`` is ``.map(f)`` or ``do_not_convert(f)`` of a function ``f`` (``name`` or ``module.name``) among
    ``reaching`` (functions that make or read a table)."""
    if not reaching or not call.args or call.args[0].keyword is not None:
        return False
    called = (get_full_name_for_node(call.func) or "").rsplit(".", 1)[-1]
    if called not in ("map", "do_not_convert"):
        return False
    arg = call.args[0].value
    name = arg.value if isinstance(arg, cst.Name) else arg.attr.value if isinstance(arg, cst.Attribute) else None
    return name in reaching


def _generated(fn: cst.FunctionDef) -> bool:
    return any((get_full_name_for_node(d.decorator) or "").endswith("do_not_convert") for d in fn.decorators)


def _called(call: cst.Call) -> str | None:
    """The name a call calls: ``f(...)``'s ``f``, ``obj.m(...)``'s ``m`` (a dunder: none)."""
    func = call.func
    name = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else None
    return None if name is None or name.startswith("__") else name


def _reaching(module: cst.Module, tables: set[str], attrs: set[str]) -> set[str]:
    """The names of the module's functions and methods that make or read a lookup table (a module-level table
    name, an attribute assigned one), or call one that does (by its name, ``f()`` or ``obj.f()``)."""
    roots = _tf_roots(module)
    functions = [f for f in nodes_of(module, cst.FunctionDef) if not _generated(f)]
    direct: dict[str, bool] = {}
    calls: dict[str, set[str]] = {}
    for f in functions:
        name = f.name.value
        if name.startswith("__") and name != "__init__":
            continue
        made = any(_table_call(c, roots) for c in nodes_of(f, cst.Call))
        read = bool({n.value for n in identifiers(f)} & tables) or \
            any(a.attr.value in attrs for a in nodes_of(f, cst.Attribute))
        direct[name] = direct.get(name, False) or made or read
        calls.setdefault(name, set()).update(c for c in map(_called, nodes_of(f, cst.Call)) if c)
    found = {n for n, yes in direct.items() if yes}
    grown = True
    while grown:
        grown = False
        for name, called in calls.items():
            if name not in found and called & found:
                found.add(name)
                grown = True
    return found - {"__init__"}  # (a constructor making a table: its object reads it through another method)


def _foreign_reaching(module: cst.Module, imported) -> set[str]:
    """The names of the functions and methods, in the tree's modules this module imports from, that reach a
    lookup table (``_reaching`` there)."""
    if imported is None:
        return set()
    found: set[str] = set()
    homes: list[cst.Module] = []
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not isinstance(small, (cst.Import, cst.ImportFrom)) or isinstance(small.names, cst.ImportStar):
            continue
        for alias in small.names:
            try:
                where = imported(alias.evaluated_alias or alias.evaluated_name)
            except Exception:  # noqa: BLE001 (a name the tree cannot place is no table's)
                where = None
            if where is not None and all(where[0] is not h for h in homes):
                homes.append(where[0])
    for home in homes:
        if _QUICK.search(code_of(home)):
            tables, attrs = _tables(home)
            found |= _reaching(home, tables.get(0, set()), attrs)
    return found


def _reads_table(fn: cst.FunctionDef, tables: set[str], attrs: set[str], reaching: set[str] = frozenset(),
                 roots: frozenset[str] = frozenset()) -> bool:
    if any(_table_call(c, roots) for c in nodes_of(fn, cst.Call)):
        return True  # (a table made in the function is made once, when it is traced, outside it: captured too)
    if any(_called(c) in reaching for c in nodes_of(fn, cst.Call)):
        return True  # (a function or method that makes or reads one, called from the per-record code)
    params = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]}
    local = params | {n for t in nodes_of(fn, cst.AssignTarget) for n in names_in(t.target)}
    free = {n.value for n in identifiers(fn)} - local
    if free & tables:
        return True
    return any(a.attr.value in attrs and isinstance(a.value, cst.Name) and a.value.value in free
               for a in nodes_of(fn, cst.Attribute))


def _datasets(outer: cst.FunctionDef, maps: set[str], seeds: set[str] = frozenset()) -> set[str]:
    """The names of ``outer`` bound to a dataset built over one of ``maps`` (directly or through another), or
    over one of ``seeds`` (datasets already known to read a table)."""
    found = set(maps) | set(seeds)
    grown = True
    while grown:
        grown = False
        for assign in nodes_of(outer, cst.Assign):
            reads = {n.value for n in identifiers(assign.value)}
            if reads & found:
                for t in assign.targets:
                    for n in names_in(t.target):
                        if n not in found:
                            found.add(n)
                            grown = True
    return found - (maps - set(seeds))


def _statement_of(outer: cst.FunctionDef, call: cst.Call) -> cst.SimpleStatementLine | None:
    for stmt in nodes_of(outer, cst.SimpleStatementLine):
        if any(c is call for c in nodes_of(stmt, cst.Call)):
            return stmt
    return None


def _get_next_of(stmt: cst.SimpleStatementLine, call: cst.Call) -> cst.Call | None:
    for c in nodes_of(stmt, cst.Call):
        if isinstance(c.func, cst.Attribute) and c.func.attr.value == "get_next" and c.func.value is call:
            return c
    return None


__all__ = ["NOTE", "initialized_with_tables"]
