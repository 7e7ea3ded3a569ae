"""A ``TFRecordReader``'s ``options``: the compression its files were written with, known when the graph is built.

    COMPRESSION = tf.python_io.TFRecordCompressionType.ZLIB
    reader = tf.TFRecordReader(options=tf.python_io.TFRecordOptions(COMPRESSION))
    reader = tf.TFRecordReader(options=tf.io.TFRecordOptions(compression_type="GZIP"))
    reader = tf.TFRecordReader(options="ZLIB")              # (a type or its string: the reader takes those too)

The reader keeps nothing of its options but the compression type
(``python_io.TFRecordOptions.get_compression_type_string``: an options object, a ``TFRecordCompressionType``, or
``"ZLIB"`` / ``"GZIP"`` / ``""``); ``TFRecordDataset(files, compression_type=...)`` reads the same records.
The value is followed through names bound once (a module constant, a local), a helper's parameter to the
argument its call passes, and a function's parameter every call in the tree gives one literal
(``static_values.py``). Where the type is not known statically, the pipeline is refused, naming the options.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import Assignment

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, dotted, is_none, nodes_of
from tfdata_bridge._src.migrate.static_values import UNKNOWN, bound_statement, parameter_values

_TYPES = {"NONE": "", "ZLIB": "ZLIB", "GZIP": "GZIP"}
_BY_NUMBER = {0: "", 1: "ZLIB", 2: "GZIP"}  # TFRecordCompressionType's values (the reader takes them too)
_OPTIONS = ("compression_type", "flush_mode", "input_buffer_size", "output_buffer_size", "window_bits",
            "compression_level", "compression_method", "mem_level", "compression_strategy")
_DEPTH = 8


def reader_options(finder, at: cst.CSTNode, reader: str, args: dict[str, cst.BaseExpression],
                   params: dict[str, cst.BaseExpression] | None = None, code=None) -> dict[str, cst.BaseExpression]:
    """``args`` (a reader's bound arguments, read at ``at``) with a ``TFRecordReader``'s ``options`` replaced by
    ``compression_type`` (a string literal; none for no compression). ``params``: a helper's parameters -> the
    call's arguments. Refusal where the options' compression is not known statically."""
    if reader != "TFRecordReader" or is_none(args.get("options")):
        return args
    node = args["options"]
    found = _compression(finder, at, node, params or {}, 0)
    if found is UNKNOWN:
        written = (code or cst.Module([]).code_for_node)(node)
        raise Refusal(f"TFRecordReader(options={written}): its compression type is not known when the graph is "
                      "built (a literal, a `TFRecordCompressionType`, `TFRecordOptions(...)`, or a name bound once "
                      "to one); not rewritten: write it so, or keep the queues (`migrate --to compat`)")
    out = {k: v for k, v in args.items() if k != "options"}
    if found:
        out["compression_type"] = cst.SimpleString(f'"{found}"')
    return out


def _compression(finder, at: cst.CSTNode, node: cst.BaseExpression | None, params, depth: int) -> object:
    if depth > _DEPTH:
        return UNKNOWN
    if node is None or is_none(node):
        return ""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if value in ("", "ZLIB", "GZIP") else UNKNOWN
    if isinstance(node, cst.Integer):
        return _BY_NUMBER.get(int(node.evaluated_value), UNKNOWN)
    if isinstance(node, cst.Attribute):
        parts = dotted(node).split(".")
        if len(parts) >= 2 and parts[-2] == "TFRecordCompressionType" and parts[-1] in _TYPES and \
                _from_tensorflow(finder, at, parts[0]):
            return _TYPES[parts[-1]]
        found = class_attribute(finder, at, node) or foreign_value(finder, at, node)
        return _compression(found[2], found[0], found[1], {}, depth + 1) if found is not None else UNKNOWN
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value == "get_compression_type_string":
        # ``TFRecordOptions.get_compression_type_string(options)``: the string of the options' (or type's) compression
        owner = dotted(node.func.value)
        if not owner or owner.rsplit(".", 1)[-1] != "TFRecordOptions" or \
                not _from_tensorflow(finder, at, owner.split(".")[0]) or len(node.args) != 1 or \
                node.args[0].star or node.args[0].keyword is not None and node.args[0].keyword.value != "options":
            return UNKNOWN
        return _compression(finder, at, node.args[0].value, params, depth + 1)
    if isinstance(node, cst.Call):
        name = dotted(node.func)
        if not name or name.rsplit(".", 1)[-1] != "TFRecordOptions" or not _from_tensorflow(finder, at,
                                                                                              name.split(".")[0]):
            return UNKNOWN
        try:
            args = bind_params(node, _OPTIONS, "`TFRecordOptions`")
        except Refusal:
            return UNKNOWN
        return _compression(finder, at, args.get("compression_type"), params, depth + 1)
    if isinstance(node, cst.Name):
        if node.value in params:  # a helper's parameter: what this call passes (read in the caller's scope)
            given = params[node.value]
            return _compression(finder, given, given, {}, depth + 1)
        stmt = bound_statement(finder, at, node.value)
        if stmt is not None:
            return _compression(finder, stmt, stmt.body[0].value, {}, depth + 1)
        values = parameter_values(finder, at, node.value)
        if not values:
            found = foreign_value(finder, at, node)
            return _compression(found[2], found[0], found[1], {}, depth + 1) if found is not None else UNKNOWN
        got = {_compression(f, a, v, {}, depth + 1) for v, f, a in values}
        return got.pop() if len(got) == 1 and UNKNOWN not in got else UNKNOWN
    return UNKNOWN


def _from_tensorflow(finder, at: cst.CSTNode, root: str, depth: int = 0) -> bool:
    """``root`` read at ``at`` is bound only by imports from TensorFlow (``tf``, ``python_io``,
    ``TFRecordOptions``), or once by an assignment of a module of one (``v1 = tf.compat.v1``)."""
    scope = finder.scopes.scope(at)
    found = list(scope[root]) if scope is not None else []
    if not found:
        return False
    if len(found) == 1 and depth < 4:  # ``v1 = tf.compat.v1`` (or ``io = v1.python_io``), bound once
        stmt = bound_statement(finder, at, root)
        value = stmt.body[0].value if stmt is not None and isinstance(stmt.body[0], cst.Assign) else None
        if isinstance(value, (cst.Name, cst.Attribute)) and dotted(value):
            return _from_tensorflow(finder, stmt, dotted(value).split(".")[0], depth + 1)
    for a in found:
        node = getattr(a, "node", None) if isinstance(a, Assignment) else None
        if isinstance(node, cst.Import):
            modules = [dotted(n.name) for n in node.names]
        elif isinstance(node, cst.ImportFrom) and node.module is not None and not node.relative:
            modules = [dotted(node.module)]
        else:
            return False
        if not all(m == "tensorflow" or m.startswith("tensorflow.") for m in modules):
            return False
    return True


def options_statement(scopes, at: cst.CSTNode, reader: cst.BaseExpression, kind: str,
                      block: list[cst.BaseStatement]) -> list[cst.SimpleStatementLine]:
    """``[options = tf.python_io.TFRecordOptions(...)]`` where the ``TFRecordReader`` call ``reader`` reads its
    ``options=`` from a name bound once in ``block`` (before the statement ``at``) and read by nothing else: it goes with the reader."""
    if kind != "TFRecordReader" or not isinstance(reader, cst.Call):
        return []
    given = next((a.value for i, a in enumerate(reader.args)
                  if (a.keyword is not None and a.keyword.value == "options") or (a.keyword is None and i == 1)),
                 None)
    if not isinstance(given, cst.Name):
        return []
    made = scopes.single_assignment(at, given.value)
    if made is None or not any(b is made for b in block):
        return []
    if [r for r in scopes.readers_of(made, given.value) if r is not given]:
        return []
    return [made]


def class_attribute(finder, at: cst.CSTNode, node: cst.Attribute
                    ) -> tuple[cst.CSTNode, cst.BaseExpression, object] | None:
    """``Config.COMPRESSION`` (or ``config.COMPRESSION`` with ``config = Config()`` bound once): (the class-body
    statement, its value, the Finder of its module) where the module's class ``Config`` binds ``COMPRESSION``
    once, by a plain assignment in its own body, and nothing in the module assigns, deletes or sets any attribute
    of that name (``setattr``); None otherwise (the value is not known when the graph is built). The class (or
    the class of ``config = mod.Config()``) may be another module's of the tree (``foreign_value``)."""
    if not isinstance(node.value, cst.Name):
        return None
    scope = finder.scopes.scope(at)
    if scope is None:
        return None
    found = list(scope[node.value.value])
    cls = found[0].node if len(found) == 1 and isinstance(found[0], Assignment) else None
    home = finder
    if not isinstance(cls, cst.ClassDef):
        made = bound_statement(finder, at, node.value.value)
        call = made.body[0].value if made is not None else None
        if not (isinstance(call, cst.Call) and not call.args and isinstance(call.func, (cst.Name, cst.Attribute))):
            return None
        if isinstance(call.func, cst.Name):
            found = list(finder.scopes.scope(made)[call.func.value])
            cls = found[0].node if len(found) == 1 and isinstance(found[0], Assignment) else None
        if not isinstance(cls, cst.ClassDef):  # ``config = mod.Config()``: a class of another module
            got = _foreign(finder, made, call.func)
            if got is None or len(got[2]) != 1:
                return None
            cls = _class_def(got[0], got[2][0])
            home = got[1]
            if cls is None or _set_anywhere(finder, node.attr.value):
                return None
        if not isinstance(cls, cst.ClassDef):
            return None
    value = _class_value(home, cls, node.attr.value)
    return None if value is None else (*value, home)


def _class_value(finder, cls: cst.ClassDef, attr: str) -> tuple[cst.CSTNode, cst.BaseExpression] | None:
    """(the statement, the value) of ``attr`` bound once in the body of ``cls`` (a class of ``finder``'s module
    with no base, metaclass or decorator), nothing in that module setting an attribute of that name."""
    plain = not cls.bases or len(cls.bases) == 1 and isinstance(cls.bases[0].value, cst.Name) and \
        cls.bases[0].value.value == "object" and not cls.bases[0].keyword  # (``class Config(object):``)
    if not plain or cls.keywords or cls.decorators or not isinstance(cls.body, cst.IndentedBlock):
        return None  # (a base class, a metaclass or a decorator may give the attribute otherwise)
    bound = [s for s in cls.body.body
             if not (isinstance(s, cst.SimpleStatementLine) and all(isinstance(b, (cst.Assign, cst.Expr, cst.Pass))
                                                                     for b in s.body))
             or any(isinstance(b, cst.Assign) and any(not isinstance(t.target, cst.Name) or t.target.value == attr
                                                      for t in b.targets) for b in s.body)]
    if len(bound) != 1 or not isinstance(bound[0], cst.SimpleStatementLine) or len(bound[0].body) != 1 or \
            len(bound[0].body[0].targets) != 1 or bound[0].body[0].targets[0].target.value != attr:
        return None  # (methods, or other statements in the class body, are not followed)
    if _set_anywhere(finder, attr):
        return None
    return bound[0], bound[0].body[0].value


def _set_anywhere(finder, attr: str) -> bool:
    """Something in ``finder``'s module assigns, deletes or sets (``setattr``) an attribute named ``attr``."""
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        return True
    for t in [*nodes_of(module, cst.AssignTarget), *nodes_of(module, cst.AugAssign), *nodes_of(module, cst.AnnAssign),
              *nodes_of(module, cst.Del)]:
        target = t.target
        if any(isinstance(a, cst.Attribute) and a.attr.value == attr for a in [target, *nodes_of(target, cst.Attribute)]):
            return True
    return any(isinstance(c.func, cst.Name) and c.func.value in ("setattr", "vars", "globals")
               for c in nodes_of(module, cst.Call))


def _foreign(finder, at: cst.CSTNode, node: cst.BaseExpression):
    """(the module, its Finder, the rest of the name) of another module of the tree that ``node`` (``mod.NAME``,
    ``pkg.mod.NAME``, an imported ``NAME``, ``mod.Config``) read at ``at`` reaches through this module's imports
    (``tree.py``'s ``global_of``); None where its first name is bound here otherwise than by imports."""
    look = getattr(finder.external, "global_of", None) if finder.external is not None else None
    spelled = dotted(node)
    scope = finder.scopes.scope(at)
    if look is None or not spelled or scope is None:
        return None
    found = list(scope[spelled.split(".")[0]])
    if not found or not all(isinstance(a, Assignment) and isinstance(a.node, (cst.Import, cst.ImportFrom))
                            for a in found):
        return None
    return look(spelled)


def _class_def(module: cst.Module, name: str) -> cst.ClassDef | None:
    found = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == name]
    return found[0] if len(found) == 1 else None


def _top_statement(finder, module: cst.Module, name: str) -> cst.SimpleStatementLine | None:
    """The one module-level ``name = ...`` of ``module`` (``finder``'s), where it is the name's only binding."""
    made = [s for s in module.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and
            isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1 and
            isinstance(s.body[0].targets[0].target, cst.Name) and s.body[0].targets[0].target.value == name]
    return made[0] if len(made) == 1 and bound_statement(finder, made[0], name) is made[0] else None


def foreign_value(finder, at: cst.CSTNode, node: cst.BaseExpression
                  ) -> tuple[cst.CSTNode, cst.BaseExpression, object] | None:
    """(the statement, the value, its module's Finder) of a constant of another module of the tree that ``node``
    read at ``at`` names: ``mod.NAME`` / ``pkg.mod.NAME`` / ``NAME`` imported from it, bound once at that
    module's top level; or ``mod.Config.NAME`` / ``mod.config.NAME`` (``config = Config()`` there), a class
    attribute bound once in the class body. None where nothing here or there sets an attribute of that name."""
    got = _foreign(finder, at, node)
    if got is None:
        return None
    module, home, rest = got
    if _set_anywhere(finder, rest[-1]):  # (``mod.NAME = ...`` here)
        return None
    if len(rest) == 1:
        stmt = _top_statement(home, module, rest[0])
        return None if stmt is None else (stmt, stmt.body[0].value, home)
    if len(rest) != 2:
        return None
    cls = _class_def(module, rest[0])
    if cls is None:  # ``config = Config()`` at that module's top level
        stmt = _top_statement(home, module, rest[0])
        call = stmt.body[0].value if stmt is not None else None
        if not (isinstance(call, cst.Call) and not call.args and isinstance(call.func, cst.Name)):
            return None
        cls = _class_def(module, call.func.value)
        if cls is None or bound_statement(home, stmt, call.func.value) is not None:
            return None
        found = list(home.scopes.scope(stmt)[call.func.value])
        if len(found) != 1 or found[0].node is not cls:
            return None
    value = _class_value(home, cls, rest[1])
    return None if value is None else (*value, home)
