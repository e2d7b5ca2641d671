"""Every name the workbook's VBA uses is declared, per platform, as Excel's compiler requires.

Under ``Option Explicit`` a misspelt variable is a compile error, and VBA compiles the whole project
before running any macro: one typo in vba/Buttons.bas stops every button.  The grammar check
(tests/vba_grammar.py) sees only syntax, so this one resolves names, on the module as one platform
compiles it (its ``#If`` branches resolved by :func:`vba_grammar.resolve_conditional_compilation`).

A name is resolved in its procedure (parameters, ``Dim``/``Static``/``Const``/``ReDim``, labels), then
its module (module-level declarations, ``Declare``, ``Enum``/``Type``, procedures), then the project
(``Public`` ones of standard modules, module names) and last :data:`BUILTINS`.  Not checked: what
follows a ``.`` or ``!`` (members, ``With`` blocks), a named argument before ``:=``, keywords, string
and date literals, comments.  In a module without ``Option Explicit`` an unknown plain name is an
implicit Variant (legal), but one that is called (``Name(...)``, ``Call Name``, a statement's first word)
is still "Sub or Function not defined", and a type after ``As``/``New`` must exist in every module.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from vba_grammar import Platform, resolve_conditional_compilation

# Reserved words (VBA language reference, "Keywords"; MS-VBAL 3.3.5.2 "Reserved Identifiers"), plus
# the data types the language defines: never a name to resolve.
KEYWORDS = frozenset(word.upper() for word in """
    Alias And As Attribute Base Binary Boolean ByRef Byte ByVal Call Case Compare Const Currency Date Decimal
    Declare DefBool Dim Do Double Each Else ElseIf Empty End Enum Eqv Erase Error Event Exit Explicit False
    For Friend Function Get Global GoSub GoTo If Imp Implements In Integer Is Let Lib Like Long LongLong
    LongPtr Loop LSet Me Mod Module New Next Not Nothing Null Object On Option Optional Or ParamArray
    Preserve Private Property PtrSafe Public RaiseEvent ReDim Rem Resume Return RSet Select Set Single
    Static Step Stop String Sub Text Then To True Type TypeOf Until Variant Wend While With WithEvents Xor
""".split())

# Words of the file statements (VBA language reference: Open, Input #, Line Input #, Write #, Close),
# keywords only inside a statement that starts with one of FILE_STATEMENTS.
FILE_STATEMENTS = frozenset({"OPEN", "CLOSE", "INPUT", "LINE", "WRITE", "PRINT", "GET", "PUT", "SEEK"})
FILE_WORDS = frozenset({"OPEN", "CLOSE", "INPUT", "OUTPUT", "APPEND", "RANDOM", "ACCESS", "READ", "WRITE", "LOCK", "SHARED",
                        "LINE", "PRINT", "SEEK", "PUT", "LEN"})

# The names of the libraries a VBA project in Excel references, that the project's VBA uses: only
# these, each with where it is documented.  tests/workbook/vba/test_vba_names.py checks that every
# one is still used, so the list cannot grow stale.
BUILTINS: dict[str, tuple[str, ...]] = {
    "VBA language reference: functions": (
        "Array", "CInt", "CStr", "Choose", "Chr", "CreateObject", "Dir", "DoEvents", "Environ", "EOF", "FreeFile",
        "GetAttr", "Hex", "IIf", "InStr", "InStrRev", "IsEmpty", "LBound", "LCase", "Left", "Len", "MacScript",
        "Mid", "MsgBox", "Replace", "Right", "Rnd", "Split", "Timer", "UBound", "UCase", "Val", "VarType",
    ),
    "VBA language reference: statements that read as calls": ("FileCopy", "Kill", "MkDir", "Randomize"),
    "VBA language reference: objects (Collection, Debug, Err) and the library's own name (VBA.)": (
        "Collection", "Debug", "Err", "VBA",
    ),
    "VBA language reference: constants (miscellaneous, VbCompareMethod, VbFileAttribute, VbMsgBoxStyle)": (
        "vbCrLf", "vbCritical", "vbDirectory", "vbLf", "vbNewLine", "vbNullString", "vbOKOnly", "vbTextCompare",
    ),
    "Excel VBA reference: Application, and Range, a member of Excel's Global object used unqualified": (
        "Application", "Range",
    ),
    "Excel VBA reference: object model types": ("Workbook", "Worksheet"),
    "Excel VBA reference: enumerations (XlMousePointer, XlDirection)": ("xlDefault", "xlDown", "xlWait"),
    "Office VBA reference: AppleScriptTask (Office 2016 and later for Mac)": ("AppleScriptTask",),
}
BUILTIN_NAMES = frozenset(name.upper() for names in BUILTINS.values() for name in names)


@dataclass(frozen=True)
class Module:
    """A module of the project: its name, kind (``standard``, ``class``, ``document``) and source."""

    name: str
    kind: str
    source: str


@dataclass(frozen=True)
class Undeclared:
    """A name that does not resolve, at a line (1-based) of its module."""

    module: str
    line: int
    name: str
    reason: str

    def __str__(self) -> str:
        return f"{self.module} line {self.line}: {self.name} ({self.reason})"


# --- reading a module -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Token:
    kind: str  # "name", "label" (a name that starts its line, then ":"), "op", "end" (of a statement), "other"
    text: str
    line: int


_TOKEN = re.compile(r"""
    (?P<space>[ \t]+_[ \t]*(?:\r\n|\n|\r)|[ \t]+)        # a line continued ( _ at its end) is one line
  | (?P<newline>\r\n|\n|\r)
  | (?P<comment>'[^\r\n]*)
  | (?P<string>"(?:[^"\r\n]|"")*")
  | (?P<date>\#[0-9][^#\r\n]*\#)
  | (?P<number>&[HhOo][0-9A-Fa-f]+[%&^]?|(?:\d+\.?\d*|\.\d+)(?:[eEdD][+-]?\d+)?[%&^!#@]?)
  | (?P<bracket>\[[^\]\r\n]*\])                          # [A1]: Excel's Evaluate shorthand
  | (?P<name>[A-Za-z][A-Za-z0-9_]*[$%&!#@^]?(?![A-Za-z0-9_]))
  | (?P<op>:=|<>|<=|>=|[-+*/\\^&=<>(),.!:;#])
""", re.VERBOSE)
_LINE_END = re.compile(r"\r\n|\n|\r")


def tokens(source: str) -> list[Token]:
    """The module's tokens; a line end or ``:`` is an "end" token, a type suffix (``Left$``) is dropped."""
    out: list[Token] = []
    line, position = 1, 0
    while position < len(source):
        match = _TOKEN.match(source, position)
        if match is None:
            raise ValueError(f"line {line}: cannot read {source[position:position + 20]!r}")
        kind, text = match.lastgroup, match.group()
        if kind == "newline" or kind == "op" and text == ":":
            starts_line = len(out) < 2 or out[-2].kind == "end" and out[-2].text == "\n"
            if text == ":" and out and out[-1].kind == "name" and starts_line and out[-1].text.upper() not in KEYWORDS:
                out[-1] = Token("label", out[-1].text, out[-1].line)
            out.append(Token("end", "\n" if kind == "newline" else ":", line))
        elif kind == "name":
            out.append(Token(kind, text[:-1] if text[-1] in "$%&!#@^" else text, line))
        elif kind == "op":
            out.append(Token(kind, text, line))
        elif kind in ("string", "date", "number", "bracket"):
            out.append(Token("other", text, line))
        line += len(_LINE_END.findall(text))
        position = match.end()
    return out


def statements(source: str) -> list[list[Token]]:
    """The module's statements, split at line ends and ``:``; a label is a statement of its own."""
    result, current = [], []
    for token in tokens(source) + [Token("end", "\n", 0)]:
        if token.kind == "end":
            if current:
                result.append(current)
            current = []
        else:
            current.append(token)
    return result


def _word(token: Token) -> str:
    return token.text.upper() if token.kind in ("name", "label") else token.text


# --- declarations ---------------------------------------------------------------------------------

PROCEDURES = {"SUB", "FUNCTION", "PROPERTY"}
MODIFIERS = {"OPTIONAL", "BYVAL", "BYREF", "PARAMARRAY", "WITHEVENTS", "PRESERVE", "CONST"}


@dataclass
class Procedure:
    """A Sub, Function or Property: the names declared in it and the statements whose names it uses."""

    name: str
    header: list[Token]
    body: list[list[Token]] = field(default_factory=list)
    names: set[str] = field(default_factory=set)  # parameters, locals, labels (upper case)
    uses: list[list[Token]] = field(default_factory=list)


@dataclass
class ModuleScope:
    """A module's declarations (public: seen by the project), procedures, and module-level uses."""

    module: Module
    explicit: bool = False
    public: set[str] = field(default_factory=set)
    private: set[str] = field(default_factory=set)
    procedures: list[Procedure] = field(default_factory=list)
    uses: list[list[Token]] = field(default_factory=list)

    def declare(self, name: str, public: bool) -> None:
        (self.public if public and self.module.kind == "standard" else self.private).add(name.upper())


def _split_commas(part: list[Token]) -> list[list[Token]]:
    """``part`` split at the commas outside parentheses."""
    parts, depth, current = [], 0, []
    for token in part:
        depth += {"(": 1, ")": -1}.get(token.text, 0)
        if token.text == "," and depth == 0:
            parts.append(current)
            current = []
        else:
            current.append(token)
    return [p for p in parts + [current] if p]


def _declarator(part: list[Token]) -> tuple[str | None, list[Token]]:
    """A declarator (``[Optional] [ByVal] name[(...)] [As T] [= v]``): its name, and the rest (uses)."""
    for index, token in enumerate(part):
        if token.kind == "name" and token.text.upper() not in MODIFIERS:
            return token.text.upper(), part[index + 1:]
    return None, []


def _parameters(header: list[Token]) -> tuple[list[list[Token]], list[Token]]:
    """A procedure header's parameters (split at commas), and what follows them (``As Type``)."""
    start = next((i for i, token in enumerate(header) if token.text == "("), None)
    if start is None:
        return [], header[-2:] if len(header) > 2 and _word(header[-2]) == "AS" else []
    depth = 0
    for end in range(start, len(header)):
        depth += {"(": 1, ")": -1}.get(header[end].text, 0)
        if depth == 0:
            return _split_commas(header[start + 1:end]), header[end + 1:]
    return _split_commas(header[start + 1:]), []


def _as_types(statement: list[Token]) -> list[Token]:
    """Of a declaration, only its ``As Type`` pairs (a Declare's parameters are its own)."""
    return [token for index, token in enumerate(statement)
            if _word(token) == "AS" or index and _word(statement[index - 1]) == "AS"]


def scope_of(module: Module) -> ModuleScope:
    """Sort a module's statements into declarations, procedures and module-level uses."""
    scope = ModuleScope(module)
    procedure: Procedure | None = None
    block = None  # "TYPE" or "ENUM" while inside one
    for statement in statements(module.source):
        words = [_word(token) for token in statement]
        if procedure is not None:
            if words[0] == "END" and words[1:2] and words[1] in PROCEDURES:
                procedure = None
            elif words[0] != "ATTRIBUTE":  # a member's attribute, as in xlwings' Dictionary
                procedure.body.append(statement)
            continue
        if words[0] in ("ATTRIBUTE", "VERSION", "BEGIN", "MULTIUSE", "OPTION") or words == ["END"]:
            scope.explicit |= words[:2] == ["OPTION", "EXPLICIT"]  # VERSION..END: an exported class's header
            continue
        if block:
            if words[:2] == ["END", block]:
                block = None
            elif block == "ENUM":  # a member: a name of its own, its value an expression
                scope.declare(words[0], public=True)
                scope.uses.append(statement[1:])
            else:
                scope.uses.append(_as_types(statement))
            continue
        scoped = words[0] in ("PUBLIC", "PRIVATE", "GLOBAL", "FRIEND")
        rest = words[1:] if scoped else words
        rest = rest[1:] if rest[:1] == ["STATIC"] else rest
        at = len(words) - len(rest)  # where the declaration's own keyword is
        public = words[0] != "PRIVATE"  # procedures, Declare, Enum and Type are Public by default
        if rest and rest[0] in PROCEDURES:
            procedure = Procedure(statement[at + (2 if rest[0] == "PROPERTY" else 1)].text.upper(), statement)
            scope.procedures.append(procedure)
            scope.declare(procedure.name, public)
        elif rest[:1] in (["ENUM"], ["TYPE"]):
            block = rest[0]
            scope.declare(rest[1], public)
        elif rest[:1] == ["DECLARE"]:
            scope.declare(words[at + (3 if rest[1] == "PTRSAFE" else 2)], public)
            scope.uses.append(_as_types(statement))
        elif scoped or words[0] in ("DIM", "CONST"):  # variables and constants: Public only if said so
            for part in _split_commas(statement[1:] if words[0] != "CONST" else statement):
                name, uses = _declarator(part)
                scope.declare(name, words[0] in ("PUBLIC", "GLOBAL"))
                scope.uses.append(uses)
        else:
            scope.uses.append(statement)  # anything else at module level: its names are checked
    for procedure in scope.procedures:
        _procedure_names(procedure)
    return scope


def _procedure_names(procedure: Procedure) -> None:
    """The names declared inside ``procedure``, and its statements as uses."""
    parameters, returns = _parameters(procedure.header)
    for part in parameters:
        name, uses = _declarator(part)
        procedure.names.add(name)
        procedure.uses.append(uses)
    procedure.uses.append(returns)
    for statement in procedure.body:
        first = _word(statement[0])
        if statement[0].kind == "label":
            procedure.names.add(first)
        elif first in ("DIM", "STATIC", "CONST", "REDIM"):
            for part in _split_commas(statement[1:]):
                name, uses = _declarator(part)
                procedure.names.add(name)
                procedure.uses.append(uses)
        else:
            procedure.uses.append(statement)


# --- uses -----------------------------------------------------------------------------------------

def uses(statement: list[Token]):
    """(token, how) for each name ``statement`` uses: how is "variable", "call", "type" or "label".

    Skipped: members (after ``.`` or ``!``), named arguments (before ``:=``), keywords, and the words
    of a file statement (``Open f For Input As #1``).
    """
    words = [_word(token) for token in statement]
    file_statement = bool(words) and words[0] in FILE_STATEMENTS and "#" in words + [
        "#" if words[0] in ("OPEN", "CLOSE") else ""]
    for index, token in enumerate(statement):
        if token.kind != "name":
            continue
        word = words[index]
        before = words[index - 1] if index else None
        after = words[index + 1] if index + 1 < len(words) else None
        if before in (".", "!") or after == ":=" or word in KEYWORDS or file_statement and word in FILE_WORDS:
            continue
        if before in ("GOTO", "GOSUB", "RESUME"):
            yield token, "label"
        elif before in ("AS", "NEW") and not file_statement:
            yield token, "type"
        elif after == "(" or before == "CALL" or (index == 0 or before in ("THEN", "ELSE")) and after not in (
                "=", ".", "!"):
            yield token, "call"
        else:
            yield token, "variable"


# --- the check ------------------------------------------------------------------------------------

REASONS = {"variable": "variable not defined", "call": "Sub or Function not defined",
           "type": "user-defined type not defined", "label": "label not defined"}


@lru_cache(maxsize=256)
def _scope(module: Module, platform: Platform) -> ModuleScope:
    """A module as ``platform`` compiles it, sorted: cached, as xlwings' module takes a second to resolve."""
    return scope_of(Module(module.name, module.kind, resolve_conditional_compilation(module.source, platform)))


def undeclared(modules: list[Module], platform: Platform, strict: bool = False,
               builtins: frozenset[str] = BUILTIN_NAMES) -> list[Undeclared]:
    """Every name of ``modules`` (one VBA project) that does not resolve on ``platform``.

    In a module without ``Option Explicit`` an unknown variable is an implicit Variant, not an error,
    unless ``strict`` (every module checked as if it said ``Option Explicit``).  ``builtins``: the names
    of the libraries, upper case.
    """
    scopes = [_scope(m, platform) for m in modules]
    project = {m.name.upper() for m in modules} | builtins
    for scope in scopes:
        project |= scope.public
    found = []
    for scope in scopes:
        known = project | scope.private
        checks = [(statement, set()) for statement in scope.uses]
        checks += [(statement, procedure.names) for procedure in scope.procedures for statement in procedure.uses]
        for statement, local in checks:
            for token, how in uses(statement):
                word = token.text.upper()
                if word in local or word in known or (how == "variable" and not (scope.explicit or strict)):
                    continue
                found.append(Undeclared(scope.module.name, token.line, token.text, REASONS[how]))
    return found


def implicit_variables(modules: list[Module], platform: Platform) -> dict[str, set[str]]:
    """Per module without ``Option Explicit``, the names it uses undeclared (implicit Variants)."""
    explicit = {m.name for m in modules if scope_of(m).explicit}
    result: dict[str, set[str]] = {}
    for issue in undeclared(modules, platform, strict=True):
        if issue.module not in explicit:
            result.setdefault(issue.module, set()).add(issue.name)
    return result
