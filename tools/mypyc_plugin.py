"""A mypy plugin for the compiled build only (tools/mypyc_hook.py; issue 28).

A record's field is declared `x: T = field(...)`: mypy, through attrs's stubs, types
`field(...)` as a `T`, but at run time it is a field's description that the record
decorator reads. mypyc checks a value against its static type where a compiled class
body stores it, so every record class of a compiled module stopped at import ("dict
object expected; got ..._Spec"). This plugin types the call as `Any` (what it is until
the decorator runs); attrs's plugin still reads the call's arguments (defaults,
converters), so the records' `__init__` stays typed. Not used by the project's mypy.
"""

from __future__ import annotations

from collections.abc import Callable

from mypy.plugin import FunctionContext, Plugin
from mypy.types import AnyType, Type, TypeOfAny

#: attrs's `field` as mypy names it (`records.field` is it, re-exported for mypy).
FIELD_MAKERS = frozenset({"attrs.field", "attr._next_gen.field"})


def _any(ctx: FunctionContext) -> Type:
    return AnyType(TypeOfAny.special_form)


class FieldIsAny(Plugin):
    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        return _any if fullname in FIELD_MAKERS else None


def plugin(version: str) -> type[Plugin]:
    return FieldIsAny
