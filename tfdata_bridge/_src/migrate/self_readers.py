"""A reader made by ``self.<method>()`` where the method is a hook: abstract in the caller's class, or overridden.

    class DataSource(object):                          # sources.py
        __metaclass__ = abc.ABCMeta

        @abc.abstractmethod
        def make_reader(self):
            pass

        def get_batch(self):                           # the template method builds the pipeline
            queue = tf.train.string_input_producer(self.files, ...)
            _, value = self.make_reader().read(queue)
            ...

    class Temperatures(DataSource):                    # this module or another of the tree
        def make_reader(self):
            return tf.FixedLengthRecordReader(record_bytes=4 * self.width)

``self.make_reader()`` runs the method of the object's class. ``self_reader`` reads every body it may run: the
method ``self``'s own class has (its own or a base's) and each override in a subclass (this module's, and in a
tree every module's, ``subclasses.py``). Bodies that cannot make a reader run (an ``abstract...`` method, a stub
whose body is ``pass``, a docstring or ``raise``: the legacy program fails there as well) are not counted. Where
every other body is one ``return`` of the same TensorFlow reader with the same arguments, that reader is the one
read, whichever subclass the object is; its arguments may read ``self.<attr>`` (kept as such: the rewritten
pipeline stays in the calling method, where ``self`` is the same object), and nothing else. Overrides returning
different readers (or arguments) are refused with a note naming them: the rewrite would have to choose one.
An override of an abstract hook that no read calls any more stays, raising ``NotImplementedError``
(``dead_factories.drop``): removed, its class could not be made.

Cost: nothing outside ``factory_reader``'s fallback (a ``self.name()`` reader call the plain lookup refused).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_docstring, names_in, nodes_of, Refusal


def self_reader(finder, module: cst.Module, at: cst.CSTNode, func: cst.Attribute, readers: tuple[str, ...]
                ) -> cst.Call | None:
    """The reader call every method ``func`` (``self.name``, called in a method of a class at the statement
    ``at``) may run returns, written in the caller's spelling of ``self``; None where ``func`` is no such call or
    some body is no reader factory; ``Refusal`` where the bodies return different readers."""
    from tfdata_bridge._src.migrate.objects import _inherited, _lookup
    from tfdata_bridge._src.migrate.subclasses import defines, local_subclasses

    if not isinstance(func.value, cst.Name):
        return None
    scope = finder.scopes.scope(at)
    caller = getattr(scope, "node", None)
    cls = getattr(getattr(scope, "parent", None), "node", None)
    me = func.value.value
    if not (isinstance(caller, cst.FunctionDef) and isinstance(cls, cst.ClassDef) and caller.params.params
            and caller.params.params[0].name.value == me and not caller.decorators):
        return None
    name = func.attr.value
    bodies: list[tuple[str, cst.FunctionDef, object | None]] = []  # (class name, method, its module's Finder or None)
    try:
        own = _lookup(finder, module, cls, name)
        bodies.append((cls.name.value, own, None))
    except Refusal:
        try:
            own, home = _inherited(finder, module, cls, name, None)
            bodies.append((cls.name.value, own, home[1] if home is not None else None))
        except Refusal:
            pass
    subs = list(local_subclasses(module, cls))
    tree = getattr(finder.external, "subclasses", None)
    if tree is not None:
        subs += [c for c in tree(cls) if all(c is not s for s in subs)]
    site = getattr(finder.external, "class_site", None)
    for sub in subs:
        defs = [s for s in (sub.body.body if isinstance(sub.body, cst.IndentedBlock) else ())
                if isinstance(s, cst.FunctionDef) and s.name.value == name]
        if not defs:
            if defines(sub, name):
                return None  # (``make_reader = other``: not followed)
            continue
        if len(defs) != 1:
            return None
        if any(sub is c for c in module.body):
            bodies.append((sub.name.value, defs[0], None))
            continue
        where = site(sub) if site is not None else None
        if where is None:
            return None
        bodies.append((sub.name.value, defs[0], where[1]))
    made: list[tuple[str, cst.Call]] = []
    for owner, fn, home in bodies:
        if _stub(fn):
            continue
        call = _returned(fn)
        if call is None or fn.asynchronous or not fn.params.params or len(fn.params.params) > 1 or \
                isinstance(fn.params.star_arg, cst.Param) or fn.params.kwonly_params or fn.params.star_kwarg is not None:
            return None
        api = (home or finder).api(call)
        short = api.rsplit(".", 1)[-1] if api is not None else None
        if short is None or not any(short == r.rsplit(".", 1)[-1] for r in readers):
            return None
        own_self = fn.params.params[0].name.value
        if not _reads_only_self(call, own_self):
            raise Refusal(f"the reader `{owner}.{name}` returns takes arguments that read names other than "
                          f"`{own_self}.<attribute>`; they cannot move to its call in `{cls.name.value}.{caller.name.value}`")
        if own_self != me:
            call = _renamed(call, own_self, me)
        finder.paths.setdefault(call, api)
        if finder.is_api(call, *readers) is None:
            return None
        made.append((owner, call))
    if not made:
        return None
    first = made[0][1]
    differ = [o for o, c in made[1:] if not c.deep_equals(first)]
    if differ:
        from tfdata_bridge._src.migrate.subclasses import OVERRIDDEN

        subs_named = [o for o, _ in made if o != cls.name.value] or [o for o, _ in made]
        raise Refusal(f"`{me}.{name}` in `{cls.name.value}.{caller.name.value}` is overridden by "
                      f"{', '.join(f'`{o}`' for o in subs_named)}{OVERRIDDEN}, and "
                      f"{', '.join(f'`{o}.{name}`' for o, _ in made)} make different readers: the rewrite builds "
                      f"one pipeline in `{caller.name.value}`; give each class its own pipeline method, or run it "
                      "through the drop-in with `migrate --to compat`")
    return first


def _stub(fn: cst.FunctionDef) -> bool:
    """``fn`` is declared abstract, or its body makes nothing: ``pass``, ``...``, a docstring, a ``raise``."""
    for d in fn.decorators:
        node = d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator
        last = node.attr.value if isinstance(node, cst.Attribute) else getattr(node, "value", "")
        if isinstance(last, str) and last.startswith("abstract"):
            return True
    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else (fn.body,)
    for s in body:
        if is_docstring(s):
            continue
        smalls = s.body if isinstance(s, cst.SimpleStatementLine) else [s]
        for small in smalls:
            if isinstance(small, (cst.Pass, cst.Raise)) or isinstance(small, cst.Expr) and \
                    isinstance(small.value, cst.Ellipsis):
                continue
            return False
    return True


def _returned(fn: cst.FunctionDef) -> cst.Call | None:
    """The call ``fn``'s one statement (a docstring aside) returns, undecorated; None otherwise."""
    from tfdata_bridge._src.migrate.reader_factory import factory_body

    if fn.decorators:
        return None
    body = factory_body(fn)
    last = body[0] if len(body) == 1 else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    return ret.value if isinstance(ret, cst.Return) and isinstance(ret.value, cst.Call) else None


def _reads_only_self(call: cst.Call, me: str) -> bool:
    """Every name ``call``'s arguments read is ``True``/``False``/``None`` or ``me`` as ``me.<attribute>``."""
    args = cst.Tuple([cst.Element(a.value) for a in call.args])
    if names_in(args) - {"True", "False", "None", me}:
        return False
    held = sum(1 for a in nodes_of(args, cst.Attribute) if isinstance(a.value, cst.Name) and a.value.value == me)
    return held == sum(1 for n in nodes_of(args, cst.Name) if n.value == me)


def _renamed(call: cst.Call, old: str, new: str) -> cst.Call:
    """``call`` with each ``old.<attribute>`` read as ``new.<attribute>``."""

    class _T(cst.CSTTransformer):
        def leave_Attribute(self, o: cst.Attribute, n: cst.Attribute) -> cst.Attribute:
            if isinstance(n.value, cst.Name) and n.value.value == old:
                return n.with_changes(value=cst.Name(new))
            return n

    return call.visit(_T())
