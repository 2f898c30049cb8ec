"""Sphinx configuration of tavla's documentation.

Build with ``dev/docs`` (HTML with warnings as errors, then the doctests); the package must
be importable: installed, or ``PYTHONPATH=python`` after ``dev/build``.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

import tavla

project = "tavla"
author = "the tavla developers"
copyright = "the tavla developers, MIT licence"  # noqa: A001 (Sphinx's name)
release = tavla.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx_click",
]

exclude_patterns = ["_build"]
default_role = "code"
# Quotes and ellipses only: "--" stays two hyphens, as options in help texts need.
smartquotes_action = "qe"
pygments_style = "friendly"
nitpicky = False

# -- HTML ----------------------------------------------------------------------------------

html_theme = "furo"
html_title = f"tavla {release}"
html_static_path: list[str] = []
html_show_sourcelink = False

# -- autodoc and napoleon ------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"
add_module_names = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
# Keep NumPy's annotations as written rather than expanded into ndarray[tuple[Any, ...], ...].
autodoc_type_aliases = {
    "npt.NDArray": "numpy.typing.NDArray",
    "npt.ArrayLike": "numpy.typing.ArrayLike",
    "BoardArray": "tavla.board.position.BoardArray",
}

# -- doctest -------------------------------------------------------------------------------

# Every example starts from these imports (docstring examples use the top-level names
# bare, as in the module that holds them); a page may add its own setup.
doctest_global_setup = """
import numpy as np
import tavla
from tavla import *
"""
doctest_default_flags = (
    __import__("doctest").ELLIPSIS
    | __import__("doctest").NORMALIZE_WHITESPACE
    | __import__("doctest").DONT_ACCEPT_TRUE_FOR_1
)

# -- cross-references to re-exported names ---------------------------------------------------
#
# Each object is documented once, under the module that defines it
# (``tavla.board.position.Position``).  Docstrings and pages refer to it by the name users
# import (``tavla.Position``, ``tavla.board.Position``) or by a name relative to the module
# they stand in: such a reference is resolved here by importing it and finding where the
# object it names is documented.


def _locate(name: str) -> str | None:
    """The defining name of what the dotted ``name`` imports, or None."""
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            current: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        canonical = current.__name__
        for part in parts[split:]:
            try:
                current = inspect.getattr_static(current, part)
            except AttributeError:
                return None
            if isinstance(current, (staticmethod, classmethod)):
                current = current.__func__
            defined_in = getattr(current, "__module__", None)
            qualname = getattr(current, "__qualname__", None)
            if (inspect.isclass(current) or inspect.isfunction(current)) and defined_in:
                canonical = f"{defined_in}.{qualname}"
            else:
                canonical = f"{canonical}.{part}"
        return canonical
    return None


def _resolve_alias(
    app: Sphinx, env: BuildEnvironment, node: nodes.Element, contnode: nodes.Element
) -> nodes.Element | None:
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip(".~")
    module, klass = node.get("py:module"), node.get("py:class")
    candidates = [target]
    if module:
        candidates[:0] = [f"{module}.{klass}.{target}"] if klass else []
        candidates.insert(len(candidates) - 1, f"{module}.{target}")
    domain = env.get_domain("py")
    for candidate in candidates:
        canonical = _locate(candidate)
        if canonical is not None and canonical in domain.objects and canonical != target:
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], canonical, node, contnode
            )
    return None


# -- one-line docstrings of properties and data, kept as written ------------------------------
#
# napoleon reads a property's first line "text: more text" as "type: description", which
# would turn "The player who must act now: roll or double ..." into a type.  The docstrings
# of this project never use that form, so what napoleon makes of them is put back.

_AS_WRITTEN: dict[str, list[str]] = {}
_PLAIN_KINDS = ("property", "attribute", "data")


def _keep_as_written(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _PLAIN_KINDS:
        _AS_WRITTEN[name] = list(lines)


def _put_back(
    app: Sphinx, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _PLAIN_KINDS and name in _AS_WRITTEN:
        lines[:] = _AS_WRITTEN.pop(name)


# -- the modules of a layer -------------------------------------------------------------------


class Submodules(SphinxDirective):
    """``.. submodules:: tavla.board``: one section per public module of the package, each
    with its ``automodule``, so that a module added to a layer is documented without editing
    the page.  The content may list module names (``position``) to put first, in order."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(self.arguments[0])
        found = [
            module.name
            for module in pkgutil.iter_modules(package.__path__)
            if not module.name.startswith("_")
        ]
        first = [name.strip() for name in self.content if name.strip() in found]
        ordered = first + sorted(name for name in found if name not in first)
        lines = []
        for name in ordered:
            title = f"``{package.__name__}.{name}``"
            lines += [title, "-" * len(title), "", f".. automodule:: {package.__name__}.{name}", ""]
        container = nodes.section()
        nested_parse_with_titles(self.state, StringList(lines, self.get_source_info()[0]), container)
        return list(container.children)


def _skip_member(
    app: Sphinx, what: str, name: str, obj: object, skip: bool, options: object
) -> bool | None:
    """Show the members of enums, which have no docstrings of their own."""
    if isinstance(obj, enum.Enum):
        return False
    return None


def setup(app: Sphinx) -> None:
    app.add_directive("submodules", Submodules)
    app.connect("autodoc-skip-member", _skip_member)
    app.connect("missing-reference", _resolve_alias)
    app.connect("autodoc-process-docstring", _keep_as_written, priority=100)  # napoleon: 500
    app.connect("autodoc-process-docstring", _put_back, priority=900)
