"""(class form) The feeding thread made in ``__init__`` and kept on the instance, started by another method:

    class Feeder(object):
        def __init__(self, sess, coord, files):
            ...                                   # the queue, its ops on ``self`` (``self_args.py`` keeps them so)
            self.thread = Thread(target=self._feed, daemon=True, args=(sess, coord, files))
        def start(self):
            self.thread.start()                   # the program joins it: ``feeder.thread.join()``, anywhere

 -> ``self._feed_args = [(files,)]`` (the thread's data, evaluated where legacy evaluated ``args=``) and
    ``self.thread = Thread(daemon=True)``: a thread that runs nothing, so every use of the attribute (``.start()``,
    ``.join()``, ``.is_alive()``, ``.daemon``) works as before; a generator method runs the feeding method on the
    kept data. Only a ``Thread(...)`` that is a line of ``__init__``'s own body, stored on one attribute that no
    other line of the module sets, given ``target=`` the feeding method, a literal ``args=`` and at most
    ``daemon=`` / ``name=`` besides.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.comments import wrapped_comment
from tfdata_bridge._src.migrate.feed.members import self_attr

_KEPT = ("daemon", "name")


def init_thread(index, module: cst.Module, init: cst.FunctionDef, feeder: cst.FunctionDef, coords: list[str],
                sessioned: bool, attr: str, code) -> tuple[cst.SimpleStatementLine, list[cst.BaseStatement], str]:
    """(the thread's line in ``__init__``, the lines it becomes, the thread's attribute)."""
    me = init.params.params[0].name.value
    calls = [c for c in nodes_of(init, cst.Call) if c in index.threads]
    if len(calls) != 1:
        raise Refusal(f"`{init.name.value}` makes {len(calls)} threads; the rewrite follows one made there")
    call = calls[0]
    body = init.body.body if isinstance(init.body, cst.IndentedBlock) else ()
    line = next((s for s in body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                 and isinstance(s.body[0], cst.Assign) and s.body[0].value is call), None)
    if line is None or len(line.body[0].targets) != 1 or self_attr(line.body[0].targets[0].target, me) is None:
        raise Refusal(f"`{init.name.value}` makes the feeding thread other than as a line `{me}.<name> = "
                      "Thread(...)` of its own body")
    held = self_attr(line.body[0].targets[0].target, me)
    sets = [t for t in nodes_of(module, cst.AssignTarget) if isinstance(t.target, cst.Attribute)
            and t.target.attr.value == held]
    if len(sets) != 1:
        raise Refusal(f"the feeding thread's attribute `{held}` is set elsewhere too")
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    if any(a.keyword is None or a.star for a in call.args) or set(keywords) - {"target", "args", *_KEPT} or \
            self_attr(keywords.get("target"), me) != feeder.name.value:
        raise Refusal(f"the thread `{init.name.value}` makes is given more than `target={me}."
                      f"{feeder.name.value}`, a literal `args=`, `daemon=` and `name=`")
    args = keywords.get("args")
    if args is not None and (not isinstance(args, (cst.Tuple, cst.List)) or any(
            isinstance(e, cst.StarredElement) for e in args.elements)):
        raise Refusal("the feeding thread's args= is not a literal tuple")
    given = [e.value for e in args.elements] if args is not None else []
    params = [p.name.value for p in feeder.params.params[1:]]
    if len(given) != len(params):
        raise Refusal(f"the thread passes `{feeder.name.value}` {len(given)} arguments for {len(params)} parameters")
    skip = 1 if sessioned else 0
    kept = [a for a, p in zip(given[skip:], params[skip:]) if p not in coords]
    item = "(" + ", ".join(code(a) for a in kept) + ("," if len(kept) == 1 else "") + ")"
    note = wrapped_comment(
        f"tfdata-bridge migrate: `{feeder.name.value}` is read by tf.data, on the thread's arguments kept here; "
        f"`{me}.{held}` is a thread that runs nothing, so its start and joins work as before", 100 - 8)
    keep = cst.parse_statement(f"{me}.{attr} = [{item}]\n").with_changes(leading_lines=[*line.leading_lines, *note])
    idle = line.with_changes(body=[line.body[0].with_changes(value=call.with_changes(
        args=[a for a in call.args if a.keyword.value in _KEPT]))], leading_lines=())
    idle_args = list(idle.body[0].value.args)
    if idle_args:  # (the last argument keeps no trailing comma)
        idle_args[-1] = idle_args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        idle = idle.with_changes(body=[idle.body[0].with_changes(value=idle.body[0].value.with_changes(
            args=idle_args))])
    return line, [keep, idle], held
