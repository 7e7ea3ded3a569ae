"""Reader arguments of a helper in another module that use that module's own names.

    # fixedrec_lib/cifar_input.py                      # the caller
    HEADER_BYTES = 4                                   from fixedrec_lib import cifar_input
    def read_fixed(filename_queue):                    read_input = cifar_input.read_fixed(filename_queue)
        reader = tf.FixedLengthRecordReader(
            record_bytes=FIELD_BYTES * 2, header_bytes=HEADER_BYTES)

The rewrite builds the reader's dataset where the helper was called, so those arguments are evaluated there.
A name free in the helper is a global of its module (or a builtin): at the moment of the call the helper would
have read the module's global, and ``cifar_input.HEADER_BYTES`` read at the call site at that same moment is the
same object. So each such name is reached through the module the call already names. A builtin stays as it is
where the call site does not bind the name itself. A helper imported by name (``from m import read_fixed``) has
no module expression at the call site: refused, with the fix.
"""

from __future__ import annotations

import builtins

import libcst as cst
from libcst.metadata import BuiltinScope, GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, names_in


def through_module(args: dict[str, cst.BaseExpression], call_names: set[str], home, fn: cst.FunctionDef,
                   module_ref: str | None, here) -> dict[str, cst.BaseExpression]:
    """``args`` (reader or file-queue arguments resolved as the call site reads them) with each name that is not
    one of the call's own (``call_names``) reached through ``module_ref``; ``home``/``here``: the ``Scopes`` of the
    helper's module and of the call site (``here`` is ``(scopes, statement)``). ``Refusal`` where not provable."""
    helper = fn.name.value
    inner = fn.body.body[0] if isinstance(fn.body, cst.IndentedBlock) and fn.body.body else fn
    scope = home.scope(inner)
    site_scopes, site = here
    site_scope = site_scopes.scope(site)
    out: dict[str, cst.BaseExpression] = {}
    for k, v in args.items():
        qualify: set[str] = set()
        for name in sorted(names_in(v) - call_names):
            found = list(scope[name]) if scope is not None else []
            if found and all(isinstance(a.scope, GlobalScope) for a in found):
                if fn.decorators and module_ref is not None:  # (a static method called through its class: ``module_ref`` is the class)
                    raise Refusal(f"the reader's `{k}` in `{helper}` uses `{name}` of its own module, and `{helper}` "
                                  f"is a static method called through its class (`{module_ref}.{helper}`), which "
                                  f"does not reach its module's `{name}`")
                if module_ref is None:
                    raise Refusal(f"the reader's `{k}` in `{helper}` uses `{name}` of its own module, and `{helper}` "
                                  "is imported by name: call it through its module (`from PACKAGE import MODULE`; "
                                  f"`MODULE.{helper}(...)`) so the rewrite can reach `MODULE.{name}`")
                qualify.add(name)
            elif found and hasattr(builtins, name) and all(isinstance(a.scope, BuiltinScope) for a in found) and \
                    site_scope is not None and all(isinstance(a.scope, BuiltinScope) for a in site_scope[name]):
                continue  # a builtin, not shadowed where the dataset is built
            else:
                raise Refusal(f"the reader's `{k}` in `{helper}` uses `{name}`, which is not a global of its module "
                              "that the call site can reach")
        out[k] = v.visit(_Qualify(qualify, module_ref)) if qualify else v
    return out


class _Qualify(cst.CSTTransformer):
    """``NAME`` -> ``module_ref.NAME`` for the names given (attribute and keyword names are not variables)."""

    def __init__(self, names: set[str], module_ref: str | None) -> None:
        super().__init__()
        self.names = names
        self.module_ref = module_ref

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return False  # only the object part holds variables: done in leave_Attribute

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        return updated.with_changes(value=original.value.visit(self))

    def visit_Arg(self, node: cst.Arg) -> bool:
        return False

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return original.with_changes(value=original.value.visit(self))

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        if original.value in self.names:
            return cst.parse_expression(f"{self.module_ref}.{original.value}")
        return updated
