"""A class's feeding thread handed the instance's ops and placeholders through ``args=``, read there as ``self``'s:

    class Feeder(object):
        def __init__(self):
            self.x_ph = tf.placeholder(...); self.queue = tf.FIFOQueue(...)
            self.enqueue_op = self.queue.enqueue([self.x_ph]); self.close_op = self.queue.close()
        def start(self, sess, n):
            t = threading.Thread(target=feed_loop, args=(sess, self.enqueue_op, self.close_op, self.x_ph, n))

    def feed_loop(sess, op, close_op, x_ph, n):          # a module function (or a method: ``target=self.feed``)
        for i in range(n):
            sess.run(op, feed_dict={x_ph: i})
        sess.run(close_op)

 -> the feeding function a method of the class reading ``self.enqueue_op``, ``self.close_op``, ``self.x_ph`` where it
    read its parameters, the thread ``Thread(target=self.feed_loop, args=(sess, n))``: the form the class rewrite
    (``klass.py``) takes. ``args=`` reads the attribute when the thread is made, the method when it runs: the same
    value, as only attributes that one statement of the module sets are taken, and only parameters the function never
    binds again. A module function goes into the class only where nothing else in the module (nor another module of
    the tree) names it, the class has no member of that name and it does not read ``self``. Only a thread whose
    ``args=`` is a literal tuple or list (no ``kwargs=``, no ``*``) matching the function's plain parameters one to
    one, one of the attributes an enqueue op of the class (``self.x = self.queue.enqueue(...)``). Anything else is
    left as it was, for the class rewrite's own reason. Called from ``feed_builders.inline_feed_builders``, whose
    result is kept only where more pipelines are rewritten; a module whose text has no ``Thread``, ``self.`` and
    ``enqueue`` is not walked.
"""

from __future__ import annotations

from collections import Counter

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, nodes_of
from tfdata_bridge._src.migrate.feed.lambda_targets import _bindings


def handed_self_args(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each class's feeding thread so handed ``self``'s attributes rewritten to read them on
    ``self``; ``module`` itself where there is none. ``external``: the tree's resolver of the module (a module
    function another module of the tree uses stays where it is)."""
    text = code_of(module)
    if "Thread" not in text or "self." not in text or "enqueue" not in text:
        return module
    set_attrs = Counter(t.target.attr.value for t in nodes_of(module, cst.AssignTarget)
                        if isinstance(t.target, cst.Attribute))
    set_attrs.update(t.target.attr.value for kind in (cst.AugAssign, cst.AnnAssign) for t in nodes_of(module, kind)
                     if isinstance(t.target, cst.Attribute))
    functions = {f.name.value: f for f in module.body if isinstance(f, cst.FunctionDef)}
    named = Counter(n.value for n in nodes_of(module, cst.Name))
    body = list(module.body)
    changed = False
    for at, cls in enumerate(list(body)):
        if not isinstance(cls, cst.ClassDef) or not isinstance(cls.body, cst.IndentedBlock):
            continue
        new = _class(cls, set_attrs, functions, named, external)
        if new is None:
            continue
        new_cls, moved = new
        body[at] = new_cls
        if moved is not None:
            body = [s for s in body if s is not moved]
        changed = True
    return module.with_changes(body=body) if changed else module


_OPS = ("enqueue", "enqueue_many", "close")


def _kept_ops(cls: cst.ClassDef) -> tuple[cst.ClassDef, list[str]]:
    """``enqueue_op = self.queue.enqueue([...]); close_op = self.queue.close()`` in a method, local names read only
    by the ``args=`` of a thread that method makes: kept on ``self`` (``self.enqueue_op = ...``, the thread handed
    ``self.enqueue_op``), the form ``_plan`` follows. The name kept is the local's, or ``<name>_kept`` where the
    class already has such an attribute. The class itself (and no names) where there is none."""
    taken = {a.attr.value for a in nodes_of(cls, cst.Attribute)}
    made: list[str] = []
    members = list(cls.body.body)
    for at, method in enumerate(members):
        if not isinstance(method, cst.FunctionDef) or not method.params.params:
            continue
        me = method.params.params[0].name.value
        bound = _bindings(method)
        reads = Counter(n.value for n in nodes_of(method, cst.Name))
        handed = {id(e.value): e.value.value for c in nodes_of(method, cst.Call) if _is_thread(c)
                  for a in c.args if a.keyword is not None and a.keyword.value == "args"
                  and isinstance(a.value, (cst.Tuple, cst.List)) for e in a.value.elements
                  if isinstance(e.value, cst.Name)}
        names = {}
        for assign in nodes_of(method, cst.Assign):
            value = assign.value
            if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name) or not (
                    isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                    and value.func.attr.value in _OPS and isinstance(value.func.value, (cst.Attribute, cst.Name))):
                continue
            name = assign.targets[0].target.value
            # (bound once, read once: by the thread's ``args=``)
            if bound[name] == 1 and reads[name] == 2 and list(handed.values()).count(name) == 1:
                attr = name if name not in taken else f"{name}_kept"
                if attr in taken or attr in made:
                    continue
                names[name] = attr
        if not names:
            continue
        made += names.values()

        class _Keep(cst.CSTTransformer):
            def leave_AssignTarget(self, original, updated):
                if isinstance(original.target, cst.Name) and original.target.value in names:
                    return updated.with_changes(target=cst.Attribute(cst.Name(me), cst.Name(names[original.target.value])))
                return updated

            def leave_Element(self, original, updated):
                if id(original.value) in handed and handed[id(original.value)] in names:
                    return updated.with_changes(value=cst.Attribute(cst.Name(me), cst.Name(names[original.value.value])))
                return updated

        members[at] = method.visit(_Keep())
    if not made:
        return cls, []
    return cls.with_changes(body=cls.body.with_changes(body=members)), made


def _is_thread(call: cst.Call) -> bool:
    func = call.func
    return isinstance(func, cst.Name) and func.value == "Thread" or isinstance(func, cst.Attribute) \
        and func.attr.value == "Thread"


def _enqueue_attrs(cls: cst.ClassDef) -> set[str]:
    out = set()
    for assign in nodes_of(cls, cst.Assign):
        value = assign.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
                value.func.attr.value in ("enqueue", "enqueue_many"):
            out |= {t.target.attr.value for t in assign.targets if isinstance(t.target, cst.Attribute)}
    return out


def _class(cls: cst.ClassDef, set_attrs: Counter, functions: dict, named: Counter, external):
    cls, made = _kept_ops(cls)
    if made:
        set_attrs = set_attrs + Counter(made)
    methods = {m.name.value: m for m in cls.body.body if isinstance(m, cst.FunctionDef)}
    enqueues = _enqueue_attrs(cls)
    if not enqueues:
        return None
    for method in methods.values():
        if not method.params.params:
            continue
        me = method.params.params[0].name.value
        for call in [c for c in nodes_of(method, cst.Call) if _is_thread(c)]:
            found = _plan(call, me, methods, functions, named, set_attrs, enqueues, external)
            if found is not None:
                return _apply(cls, method, call, me, *found)
    return None


def _plan(call: cst.Call, me: str, methods: dict, functions: dict, named: Counter, set_attrs: Counter,
          enqueues: set[str], external=None):
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    if any(a.keyword is None or a.star for a in call.args) or "kwargs" in keywords:
        return None
    target, args = keywords.get("target"), keywords.get("args")
    if not isinstance(args, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in args.elements):
        return None
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == me \
            and target.attr.value in methods:
        feeder, moved = methods[target.attr.value], None
        if not feeder.params.params:
            return None
        params = list(feeder.params.params[1:])
    elif isinstance(target, cst.Name) and target.value in functions and named[target.value] == 2 \
            and target.value not in methods:
        feeder = moved = functions[target.value]
        if any(n.value == "self" for n in nodes_of(feeder, cst.Name)):
            return None
        elsewhere = getattr(external, "calls_elsewhere", None) if external is not None else None
        if external is not None and (elsewhere is None or elsewhere(target.value)):
            return None  # (imported by another module of the tree: it stays a module function)
        params = list(feeder.params.params)
    else:
        return None
    if feeder.decorators or feeder.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or \
            feeder.params.kwonly_params or feeder.params.star_kwarg is not None or feeder.params.posonly_params:
        return None
    values = [e.value for e in args.elements]
    if len(values) != len(params):
        return None
    bound = _bindings(feeder)
    subs = {}
    for j, (p, v) in enumerate(zip(params, values)):
        if isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name) and v.value.value == me \
                and set_attrs[v.attr.value] == 1 and bound[p.name.value] == 1:
            subs[j] = (p.name.value, v.attr.value)
    if not any(attr in enqueues for _, attr in subs.values()):
        return None
    return feeder, moved, params, values, subs


class _Read(cst.CSTTransformer):
    """Reads of the names ``values`` holds as ``<me>.<attr>``."""

    def __init__(self, values: dict[str, str], me: str) -> None:
        self.values, self.me = values, me

    def leave_Attribute(self, original, updated):
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original, updated):
        return updated.with_changes(keyword=original.keyword)

    def leave_Param(self, original, updated):
        return original

    def leave_Name(self, original, updated):
        attr = self.values.get(original.value)
        return cst.Attribute(value=cst.Name(self.me), attr=cst.Name(attr)) if attr is not None else updated


def _apply(cls: cst.ClassDef, method: cst.FunctionDef, call: cst.Call, me: str, feeder: cst.FunctionDef,
           moved, params: list, values: list, subs: dict):
    gone = {j for j in subs}
    names = {name: attr for name, attr in subs.values()}
    kept_params = [p for j, p in enumerate(params) if j not in gone]
    if moved is not None:
        self_param = cst.Param(cst.Name("self"))
        own = "self"
        new_feeder = feeder.with_changes(params=feeder.params.with_changes(params=[self_param, *kept_params]))
    else:
        own = feeder.params.params[0].name.value
        new_feeder = feeder.with_changes(params=feeder.params.with_changes(
            params=[feeder.params.params[0], *kept_params]))
    new_feeder = new_feeder.with_changes(body=new_feeder.body.visit(_Read(names, own)))
    if new_feeder.params.params:  # (the last parameter keeps no trailing comma)
        ps = list(new_feeder.params.params)
        ps[-1] = ps[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        new_feeder = new_feeder.with_changes(params=new_feeder.params.with_changes(params=ps))
    kept_values = [v for j, v in enumerate(values) if j not in gone]
    code = cst.Module([]).code_for_node
    args_text = "(" + "".join(code(v) + ", " for v in kept_values).rstrip(" ") + ")"
    new_args = []
    for a in call.args:
        if a.keyword.value == "args":
            new_args.append(a.with_changes(value=cst.parse_expression(args_text)))
        elif a.keyword.value == "target" and moved is not None:
            new_args.append(a.with_changes(value=cst.Attribute(value=cst.Name(me), attr=cst.Name(feeder.name.value))))
        else:
            new_args.append(a)
    new_call = call.with_changes(args=new_args)
    new_method = method.deep_replace(call, new_call)
    members = []
    for m in cls.body.body:
        if m is method:
            members.append(new_method if moved is not None or method is not feeder else new_method)
        elif m is feeder:
            members.append(new_feeder)
        else:
            members.append(m)
    if moved is not None:
        members.append(new_feeder.with_changes(leading_lines=[cst.EmptyLine(indent=False)]))
    elif method is feeder:
        return None  # (a method starting a thread of itself: left)
    return cls.with_changes(body=cls.body.with_changes(body=members)), moved
