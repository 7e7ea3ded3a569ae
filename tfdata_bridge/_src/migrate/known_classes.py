"""A reader made by an object whose class is one of a known set: a registry of classes, a factory, a direct call.

    # pkg/datasets/__init__.py                       # pkg/datasets/pelican.py
    DATASETS = {'counts': pelican.CountSource}       class CountSource(object):
                                                         RECORD_BYTES = 16
    def get_input(name, split, data_dir):                def make_reader(self):
        source = DATASETS[name](split)                       return tf.FixedLengthRecordReader(
        ...                                                      record_bytes=self.RECORD_BYTES)
        reader = source.make_reader()
        _, value = reader.read(filename_queue)       # rewritten: the read becomes
        record = source.decode(value)                #   tf.data.FixedLengthRecordDataset(
                                                     #       ..., record_bytes=source.RECORD_BYTES)

Company input layers make the reader through an object: ``obj = REG[name](...)`` (``REG.get(name)(...)``) with
``REG`` a module-level dict literal of classes (this module's, or another module's of the tree read as
``mod.REG`` or imported by name), bound once and never changed (no ``REG[k] = ...``, ``update``, ``pop``,
``del``, rebinding anywhere the tree's texts show); ``obj = get_source(name)`` with ``get_source`` a function
every ``return`` of which calls a class or such a registry; or ``obj = Cls(...)``. The object is bound once in
the function. ``known_reader`` follows ``obj.name()`` into each class the object may be (its own method, else
its bases', through the tree's imports), each body one ``return`` of a TensorFlow reader or of
``self.<attr>()`` where ``<attr>`` is a class attribute naming one (``reader_cls = tf.TFRecordReader``).
Where every class makes the same reader with the same arguments, that reader is the one read; arguments reading
``self.<attr>`` read ``obj.<attr>`` (the same object, still bound where the read was). Classes making different
readers are refused with a note naming them.

Cost: nothing on modules without such a read: it runs only where ``reader_factory.factory_reader`` found no
factory it follows (a pipeline that would otherwise be refused), and reads texts only once a registry is found.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of, Refusal


def known_reader(finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute, readers: tuple[str, ...]
                 ) -> cst.Call | None:
    """The reader call ``func()`` (``obj.name``, ``obj`` bound once to an object of a known set of classes)
    returns, read on ``obj``; None where the object or a body is no such form; ``Refusal`` where the classes
    make different readers."""
    from tfdata_bridge._src.migrate.self_readers import _reads_only_self, _renamed, _stub

    if not isinstance(func.value, cst.Name):
        return None
    obj, name = func.value.value, func.attr.value
    made = finder.scopes.single_assignment(at, obj)
    value = made.body[0].value if made is not None and isinstance(made.body[0], cst.Assign) else None
    if not isinstance(value, cst.Call):
        return None
    classes = _classes_of_call(finder, module, made, value, 0)
    if not classes:
        return None
    out: list[tuple[str, cst.Call]] = []
    for cls, home, home_finder in classes:
        chain = _chain(finder, cls, home, home_finder)
        if chain is None:
            return None
        found = _member(chain, name)
        if found is None or not isinstance(found[0], cst.FunctionDef):
            return None
        fn, _, fn_finder = found
        if _stub(fn):
            continue
        from tfdata_bridge._src.migrate.self_readers import _returned

        call = _returned(fn)
        params = fn.params
        if call is None or fn.asynchronous or len(params.params) != 1 or params.kwonly_params or \
                isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None:
            return None
        me = params.params[0].name.value
        api = fn_finder.api(call)
        if api is None and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) and \
                call.func.value.value == me:  # ``self.reader_cls()``, ``reader_cls = tf.TFRecordReader``
            attr = _member(chain, call.func.attr.value)
            if attr is None or not isinstance(attr[0], cst.BaseExpression) or \
                    _assigned_on_objects(chain, call.func.attr.value):
                return None
            api = attr[2].paths.get(attr[0])  # (the class named, as a reference)
            call = call.with_changes(func=attr[0])
        short = api.rsplit(".", 1)[-1] if api is not None else None
        if short is None or not any(short == r.rsplit(".", 1)[-1] for r in readers):
            return None
        if not _reads_only_self(call, me):
            raise Refusal(f"the reader `{cls.name.value}.{name}` returns takes arguments that read names other "
                          f"than `{me}.<attribute>`; they cannot move to the read of `{obj}.{name}()`")
        if me in {n.value for n in nodes_of(cst.Tuple([cst.Element(a.value) for a in call.args]), cst.Name)} and \
                len(list(finder.scopes.scope(at)[obj])) != 1:
            raise Refusal(f"the reader `{cls.name.value}.{name}` returns reads `{me}.<attribute>`, and `{obj}` is "
                          "bound more than once in the function: which object the rewritten reader would read is "
                          f"not known; bind `{obj}` once")
        call = _renamed(call, me, obj)
        finder.paths.setdefault(call, api)
        if finder.is_api(call, *readers) is None:
            return None
        out.append((cls.name.value, call))
    if not out:
        return None
    first = out[0][1]
    if any(not c.deep_equals(first) for _, c in out[1:]):
        raise Refusal(f"`{obj}` may be an object of {', '.join(f'`{c}`' for c, _ in out)}, whose `{name}` make "
                      "different readers: the rewrite builds one pipeline; build each class's pipeline in its own "
                      "function (or give the classes one reader), or run it through the drop-in with "
                      "`migrate --to compat`")
    return first


def _classes_of_call(finder, module: cst.Module, stmt: cst.CSTNode, value: cst.Call, depth: int) -> list | None:
    """[(class, its module, that module's Finder)] an object ``value`` makes may be of; None where unknown."""
    from tfdata_bridge._src.migrate.objects import _class_made_by

    func = value.func
    if isinstance(func, cst.Subscript) or isinstance(func, cst.Call) and isinstance(func.func, cst.Attribute) and \
            func.func.attr.value == "get" and func.args:  # ``REG[name](...)``, ``REG.get(name)(...)``
        return _registry_classes(finder, module, stmt, func)
    try:
        cls, home = _class_made_by(finder, stmt, value)
        return [(cls, home[0], home[1]) if home else (cls, module, finder)]
    except Refusal:
        pass
    if depth > 0:
        return None
    fn, fn_finder = None, finder  # ``get_source(name)``: a factory function of this module or the tree's
    if isinstance(func, cst.Name):
        fn = finder.scopes.module_function(stmt, func.value)
    if fn is None and finder.external is not None:
        try:
            got = finder.external(func)
        except Refusal:
            got = None
        site = getattr(finder.external, "home_site", None)
        if got is not None and site is not None:  # (its Finder answering its own imports of the tree)
            fn, fn_finder = got[0], site(func)
            if fn_finder is None:
                return None
    if fn is None or fn.asynchronous or any(True for _ in nodes_of(fn, cst.Yield)):
        return None
    out: list = []
    for ret in nodes_of(fn.body, cst.Return):
        if not isinstance(ret.value, cst.Call):
            return None
        got = _classes_of_call(fn_finder, fn_finder.module, ret, ret.value, depth + 1)
        if not got:
            return None
        out += [g for g in got if all(g[0] is not o[0] for o in out)]
    return out or None


def _registry_classes(finder, module: cst.Module, stmt: cst.CSTNode, func: cst.BaseExpression) -> list | None:
    """The classes of ``REG[key]`` / ``REG.get(key)``: every value of the module-level dict literal ``REG``
    (the one ``key`` names, where it is a literal key), ``REG`` bound once and never changed."""
    from tfdata_bridge._src.migrate.calls import dotted

    reg = func.value if isinstance(func, cst.Subscript) else func.func.value
    key = None
    if isinstance(func, cst.Subscript) and len(func.slice) == 1 and isinstance(func.slice[0].slice, cst.Index):
        key = func.slice[0].slice.value
    elif isinstance(func, cst.Call):
        key = func.args[0].value
    try:
        spelled = dotted(reg)
    except Exception:
        return None
    if not spelled:
        return None
    home, home_finder, name = module, finder, spelled
    if "." in spelled or _top_binding(module, spelled) is None:
        there = getattr(finder.external, "global_of", None)
        got = there(spelled) if there is not None else None
        if got is None or len(got[2]) != 1:
            return None
        home, home_finder, name = got[0], got[1], got[2][0]
    assign = _top_binding(home, name)
    if assign is None or not isinstance(assign.body[0].value, cst.Dict):
        return None
    texts = [home_finder.module.code if home is home_finder.module else home.code]
    others = getattr(finder.external, "other_texts", None)
    if others is not None:
        texts += others()
    elif home is not module:
        texts.append(module.code)
    if _changed(texts, name):
        return None
    items = assign.body[0].value.elements
    if any(not isinstance(e, cst.DictElement) for e in items):
        return None
    if isinstance(key, cst.SimpleString):  # one literal key: that class alone
        chosen = [e for e in items if isinstance(e.key, cst.SimpleString) and
                  e.key.evaluated_value == key.evaluated_value]
        items = chosen or items
    from tfdata_bridge._src.migrate.objects import _class_made_by

    out: list = []
    for e in items:
        try:
            cls, where = _class_made_by(home_finder, assign, cst.Call(func=e.value))
        except Refusal:
            return None
        got = (cls, where[0], where[1]) if where else (cls, home, home_finder)
        if all(got[0] is not o[0] for o in out):
            out.append(got)
    return out or None


def _top_binding(module: cst.Module, name: str) -> cst.SimpleStatementLine | None:
    """The one module-level ``name = ...`` of ``module`` (None where there is none, or several)."""
    found = [s for s in module.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and
             isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1 and
             isinstance(s.body[0].targets[0].target, cst.Name) and s.body[0].targets[0].target.value == name]
    return found[0] if len(found) == 1 else None


def _changed(texts: list[str], name: str) -> bool:
    """Some text binds ``name`` again or changes the dict: ``REG[k] = v``, ``REG.update(...)``, ``del REG...``,
    ``mod.REG = ...``, ``global REG`` (read by spelling: another dict of the same name counts too)."""
    n = re.escape(name)
    binds = re.compile(rf"(^|[^.\w]){n}\s*(=[^=]|:[^=\n]*=[^=])", re.M)
    change = re.compile(rf"\b{n}\s*\[[^\]\n]*\]\s*(=[^=]|[-+*/|&]=)|\b{n}\s*\.\s*(update|setdefault|pop|popitem|"
                        rf"clear|__setitem__|__delitem__)\b|\bdel\s+[\w.]*\b{n}\b|\bglobal\b[^\n]*\b{n}\b|"
                        rf"\.{n}\s*=[^=]|\bsetattr\s*\([^)]*['\"]{n}['\"]")
    return len(binds.findall(texts[0])) != 1 or any(change.search(t) for t in texts) or \
        any(binds.search(t) and re.search(rf"import[^\n]*\b{n}\b", t) for t in texts[1:])


def _chain(finder, cls: cst.ClassDef, home: cst.Module, home_finder) -> list | None:
    """[(class, its module, its Finder)] from ``cls`` up its single bases (this module's, or the tree's)."""
    out = [(cls, home, home_finder)]
    base_of = getattr(finder.external, "base_of", None)
    site = getattr(finder.external, "class_site", None)
    current = cls
    for _ in range(10):
        if not current.bases:
            return out
        if len(current.bases) != 1:
            return None
        b = current.bases[0].value
        if isinstance(b, cst.Name) and b.value == "object":
            return out
        local = [s for s in out[-1][1].body if isinstance(s, cst.ClassDef) and isinstance(b, cst.Name)
                 and s.name.value == b.value]
        if len(local) == 1:
            out.append((local[0], out[-1][1], out[-1][2]))
        else:
            base = base_of(current) if base_of is not None else None
            where = site(base) if base is not None and site is not None else None
            if where is None:
                return None
            out.append((base, where[0], where[1]))
        current = out[-1][0]
    return None


def _member(chain: list, name: str) -> tuple | None:
    """(the method, or the value a class attribute is bound to; its module; its Finder) of the nearest class of
    ``chain`` defining ``name``; None where none does or the nearest binds it twice or otherwise."""
    for cls, home, home_finder in chain:
        found: list = []
        for s in cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ():
            if isinstance(s, (cst.FunctionDef, cst.ClassDef)) and s.name.value == name:
                found.append(s)
            elif isinstance(s, cst.SimpleStatementLine):
                for small in s.body:
                    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
                        [small.target] if isinstance(small, (cst.AnnAssign, cst.AugAssign)) else []
                    if any(name in {n.value for n in nodes_of(t, cst.Name)} for t in targets):
                        found.append(small.value if isinstance(small, cst.Assign) and len(targets) == 1 and
                                     isinstance(targets[0], cst.Name) else None)
        if found:
            return (found[0], home, home_finder) if len(found) == 1 and found[0] is not None else None
    return None


def _assigned_on_objects(chain: list, name: str) -> bool:
    """Some method of ``chain``'s classes binds ``<x>.name = ...`` (an object's own value hides the class's)."""
    for cls, _, _ in chain:
        for t in nodes_of(cls, cst.AssignTarget):
            if isinstance(t.target, cst.Attribute) and t.target.attr.value == name:
                return True
    return False
