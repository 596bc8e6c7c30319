"""The Python side of the page's worker (``static/worker.mjs``): every request goes
through :func:`call`, and :func:`import_all` imports the package before Python's
memory is saved.

A request names a function of :data:`sudoku_dlx.web.__all__` and its keyword
arguments as JSON text; the answer is JSON text too, ``{"result": record}``,
whatever happened: a request the dispatcher cannot make (an unknown function,
an argument it does not take or of the wrong type, one missing) is a record with
``status`` ``invalid`` and ``error``, and an exception the function raises one
with ``status`` ``failed`` (:data:`sudoku_dlx.web.FAILED`; see ``docs/glossary.md``).
"""

from __future__ import annotations

import importlib
import inspect
import json
import pkgutil
import types
import typing
from collections.abc import Callable

from . import web

__all__ = ["answer", "call", "import_all"]

#: What a JSON value of each Python type is called in an error.
_JSON_NAMES = {str: "a string", int: "an integer", float: "a number", bool: "true or false", list: "a list",
               dict: "an object", type(None): "null"}


def call(kind: str, args: str, progress: Callable[[str], object] | None = None) -> str:
    """The JSON text of ``{"result": record}``: the record of the function ``kind`` of
    :mod:`sudoku_dlx.web` called with the keyword arguments of the JSON text ``args``
    (see :func:`answer`); ``progress`` hears the JSON text of each progress record."""
    try:
        arguments = json.loads(args)
    except ValueError as error:
        record = _invalid(f"the arguments are no JSON text: {error}")
    else:
        record = answer(kind, arguments, None if progress is None else lambda sent: progress(_json(sent)))
    try:
        return _json({"result": record})
    except ValueError as error:  # a value JSON cannot hold (NaN, infinity)
        return _json({"result": {"status": web.FAILED, "error": f"{kind} answered what JSON cannot hold: {error}"}})


def answer(kind: str, arguments: object, progress: Callable[[dict], object] | None = None) -> dict:
    """The record of the function ``kind`` of :mod:`sudoku_dlx.web` called with
    ``arguments`` (a dict of JSON values), and with ``progress`` if it takes one;
    ``invalid`` when the call cannot be made, ``failed`` when the function raised."""
    if not isinstance(kind, str) or kind not in web.__all__:
        return _invalid(f"no function named {web.shown(kind)}; the functions are {', '.join(web.__all__)}")
    function = getattr(web, kind)
    problem = _check(kind, function, arguments)
    if problem:
        return _invalid(problem)
    assert isinstance(arguments, dict)  # _check answers "" only for a dict
    if "progress" in inspect.signature(function).parameters:
        arguments = {**arguments, "progress": progress}
    try:
        return function(**arguments)
    except Exception as error:  # noqa: BLE001 - every fault becomes a record, never a traceback
        return {"status": web.FAILED, "error": f"{kind} failed: {type(error).__name__}: {error}"}


#: The modules no page imports: the command line's entry, and the one that imports Dask
#: (``--scheduler``; there is no Dask in Pyodide).
COMMAND_LINE_ONLY = ("__main__", "cluster")


def import_all() -> list[str]:
    """Import every module of the package (but :data:`COMMAND_LINE_ONLY`), as the worker does
    before Python's memory is saved, and ``build.mjs`` before it precompiles the standard
    library the package needs; their names, in order."""
    package = importlib.import_module(__package__)
    skipped = {f"{__package__}.{name}" for name in COMMAND_LINE_ONLY}
    names = [module.name for module in pkgutil.walk_packages(package.__path__, f"{__package__}.")
             if module.name not in skipped]
    for name in names:
        importlib.import_module(name)
    return names


def _json(value: object) -> str:
    return json.dumps(value, allow_nan=False, separators=(",", ":"))


def _invalid(error: str) -> dict:
    return {"status": "invalid", "error": error}


def _check(kind: str, function: Callable, arguments: object) -> str:
    """What is wrong with calling ``function`` with ``arguments``: not an object, an
    argument it does not take, a required one missing, a value of the wrong type; "" if nothing."""
    if not isinstance(arguments, dict):
        given = _JSON_NAMES.get(type(arguments), "that")
        return f"the arguments of {kind} must be an object of names and values, not {given}"
    parameters = {name: p for name, p in inspect.signature(function).parameters.items() if name != "progress"}
    hints = typing.get_type_hints(function)
    for name, value in arguments.items():
        if name not in parameters:
            return f"{kind} takes no argument {web.shown(name)}; its arguments are {', '.join(parameters)}"
        if not _fits(value, hints.get(name, object)):
            return f"{name} of {kind} must be {_wanted(hints[name])}, not {web.shown(value)}"
    missing = [name for name, p in parameters.items() if p.default is p.empty and name not in arguments]
    return f"{kind} needs the argument {missing[0]}" if missing else ""


def _options(hint: object) -> tuple:
    """The types a hint allows: ``int | None`` allows int and None."""
    return typing.get_args(hint) if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union \
        else (hint,)


def _fits(value: object, hint: object) -> bool:
    """Whether a JSON value fits a type hint of a web function's parameter."""
    for option in _options(hint):
        origin = typing.get_origin(option) or option
        if option is object or (option is type(None) and value is None):
            return True
        if origin is float and isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        if origin is int and isinstance(value, int) and not isinstance(value, bool):
            return True
        if origin in (str, bool, dict) and isinstance(value, origin):
            return True
        if origin is list and isinstance(value, list):
            (item,) = typing.get_args(option) or (object,)
            if all(_fits(entry, item) for entry in value):
                return True
    return False


def _wanted(hint: object) -> str:
    """``an integer or null``: the JSON values a type hint allows."""
    names = []
    for option in _options(hint):
        origin = typing.get_origin(option) or option
        name = _JSON_NAMES.get(origin, "a value")
        if origin is list and typing.get_args(option):
            item = _JSON_NAMES.get(typing.get_args(option)[0], "values").split(" ", 1)[-1]
            name = f"a list of {item}s"
        names.append(name)
    return " or ".join(names)
