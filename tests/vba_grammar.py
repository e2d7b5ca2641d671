"""VBA source as Excel's compiler sees it on each platform, checked by a real grammar.

No Excel runs here, and LibreOffice cannot compile a module with ``#If``, so the tests parse the
workbook's VBA with the grammars of antlr's grammars-v4 (``vba7_1``, from MS-VBAL), as generated for
Python by the ``antlr4-vba`` package.  Like VBA itself, this takes two passes:

1. Conditional compilation (``vba_cc``): the ``#If/#ElseIf/#Else/#End If`` and ``#Const`` lines are
   parsed by the ``vba_cc`` grammar and resolved for one platform's constants (:data:`PLATFORMS`);
   the directives and the branches not taken become empty lines, so line numbers stay the module's.
2. The module (``vbaParser.startRule``: a module, then end of file), with every lexer and parser
   error collected and the whole input consumed.

A class or document module is parsed in its exported form (the ``VERSION 1.0 CLASS`` header and
``BEGIN ... END`` block, then the attributes an export keeps), which is what the grammar's start rule
expects; errors still name the lines of the module as given.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import lru_cache

from antlr4 import CommonTokenStream, InputStream, ParserRuleContext, Token
from antlr4.atn.PredictionMode import PredictionMode
from antlr4.error.ErrorListener import ErrorListener
from antlr4.error.ErrorStrategy import BailErrorStrategy
from antlr4.error.Errors import ParseCancellationException
from antlr4_vba.vba_ccLexer import vba_ccLexer
from antlr4_vba.vba_ccParser import vba_ccParser
from antlr4_vba.vbaLexer import vbaLexer
from antlr4_vba.vbaParser import vbaParser


@dataclass(frozen=True)
class Platform:
    """A platform the workbook runs on, by the compiler constants VBA defines there."""

    name: str
    constants: tuple[tuple[str, object], ...]


# Microsoft's "Compiler constants" (VBA language reference): Win32 is True on 64-bit Windows too, VBA6
# wherever VBA7 is; on a Mac (Office 2016 and later, the ones xlwings supports) Mac is True, Win16/32/64
# are False and MAC_OFFICE_VERSION is defined (xlwings tests it for 15 or more).  A name defined
# nowhere is Empty.
PLATFORMS = (
    Platform("Windows 64-bit", (("VBA6", True), ("VBA7", True), ("Win16", False), ("Win32", True),
                                ("Win64", True), ("Mac", False))),
    Platform("Windows 32-bit", (("VBA6", True), ("VBA7", True), ("Win16", False), ("Win32", True),
                                ("Win64", False), ("Mac", False))),
    Platform("Mac", (("VBA6", True), ("VBA7", True), ("Win16", False), ("Win32", False), ("Win64", False),
                     ("Mac", True), ("MAC_OFFICE_VERSION", 16))),
)


@dataclass(frozen=True)
class SyntaxIssue:
    """One error the grammar reports, at a line (1-based) and column (0-based) of the module as given."""

    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}:{self.column}: {self.message}"


class ConditionalCompilationError(Exception):
    """The ``#If``/``#Const`` lines do not parse, or a condition cannot be evaluated."""

    def __init__(self, issues: list[SyntaxIssue]):
        super().__init__("; ".join(map(str, issues)))
        self.issues = issues


class _Collect(ErrorListener):
    """Keeps every syntax error antlr reports (by default it prints them to stderr and recovers)."""

    def __init__(self):
        self.issues: list[SyntaxIssue] = []

    def syntaxError(self, recognizer, offending_symbol, line, column, msg, e):
        self.issues.append(SyntaxIssue(line, column, msg))


def _lines(source: str) -> list[str]:
    return re.split(r"\r\n|\n|\r", source)


# --- pass 1: conditional compilation -----------------------------------------------------------------

EMPTY = type("Empty", (), {"__repr__": lambda self: "Empty"})()  # an undefined constant's value
_END_OF_LINE = re.compile(r"'(?:\\r|\\n)+'")  # antlr shows a token of line ends as '\r\n\r\n'


def _directive_lines(lines: list[str]) -> list[bool]:
    """Which lines are directives: '#' first, and not the continuation of the line before."""
    directive, continued = [], False
    for line in lines:
        directive.append(not continued and line.lstrip().startswith("#"))
        continued = bool(re.search(r"(^|\s)_$", line.rstrip()))
    return directive


def resolve_conditional_compilation(source: str, platform: Platform) -> str:
    """The module as compiled on ``platform``: directives and branches not taken made empty lines.

    Only the directive lines go to the ``vba_cc`` grammar (every other line empty, so its tokens keep
    their line numbers): its rule for a code line accepts anything, and on a whole module its parser
    needs tens of seconds to decide where each block ends.
    """
    lines = _lines(source)
    directive = _directive_lines(lines)
    if not any(directive[1:]):
        return "\r\n".join(lines)
    skeleton = "\r\n".join(line if index == 0 or directive[index] else "" for index, line in enumerate(lines))
    collect = _Collect()
    lexer = vba_ccLexer(InputStream(skeleton))
    parser = vba_ccParser(CommonTokenStream(lexer))
    for recognizer in (lexer, parser):
        recognizer.removeErrorListeners()
        recognizer.addErrorListener(collect)
    tree = parser.startRule()
    if collect.issues:  # the code lines emptied above make a run of line ends: call it what it is
        raise ConditionalCompilationError([SyntaxIssue(issue.line, issue.column, _END_OF_LINE.sub(
            "the end of the line", issue.message)) for issue in collect.issues])
    dropped: set[int] = {number for number, is_directive in enumerate(directive, 1) if is_directive and number > 1}
    _Resolver(dict((name.upper(), value) for name, value in platform.constants), dropped).block(
        tree.conditionalModuleBody().ccBlock(), active=True)
    return "\r\n".join("" if number in dropped else line for number, line in enumerate(lines, 1))


class _Resolver:
    """Walks vba_cc's tree: evaluates ``#Const`` and ``#If`` conditions, drops the branches not taken."""

    def __init__(self, constants: dict[str, object], dropped: set[int]):
        self.constants = constants
        self.dropped = dropped

    def block(self, block, active: bool) -> None:
        for child in block.getChildren():
            if isinstance(child, vba_ccParser.CcConstContext) and active:
                self.constants[child.ccVarLhs().getText().upper()] = self.evaluate(child.ccExpression())
            elif isinstance(child, vba_ccParser.CcIfBlockContext):
                self.if_block(child, active)

    def if_block(self, node, active: bool) -> None:
        # (directive token, condition or None for #Else, block or None) per branch, then #End If
        branches = [(node.ccIf().IF(), node.ccIf().ccExpression(), node.ccBlock())]
        branches += [(b.ccElseif().ELSEIF(), b.ccElseif().ccExpression(), b.ccBlock()) for b in node.ccElseifBlock()]
        if node.ccElseBlock():
            branches.append((node.ccElseBlock().ccElse().ELSE(), None, node.ccElseBlock().ccBlock()))
        ends = [token.symbol.line for token, _, _ in branches[1:]] + [node.ccEndif().ENDIF().symbol.line]
        taken = False
        for (token, condition, body), end in zip(branches, ends):
            take = active and not taken and (condition is None or self.truth(condition))
            taken = taken or take
            if take:
                if body is not None:
                    self.block(body, active=True)
            else:
                self.dropped.update(range(token.symbol.line + 1, end))

    def truth(self, condition) -> bool:
        value = self.evaluate(condition)
        if isinstance(value, str):
            raise self.error(condition, f"the condition is the string {value!r}, not a number or boolean")
        return _number(value) != 0

    def evaluate(self, expression):
        try:
            return self.value(expression)
        except _TypeMismatch as mismatch:
            raise self.error(expression, f"type mismatch: {mismatch}") from None

    def error(self, node, message: str) -> ConditionalCompilationError:
        return ConditionalCompilationError([SyntaxIssue(node.start.line, node.start.column,
                                                        f"{message} in {node.getText()!r}")])

    def value(self, node):
        P = vba_ccParser
        if isinstance(node, P.ParenthesizedExpressionContext):
            return self.value(node.ccExpression())
        if isinstance(node, P.IdentifierExpressionContext):
            return self.constants.get(node.getText().upper(), EMPTY)
        if isinstance(node, P.LiteralExpressContext):
            return self.literal(node)
        if isinstance(node, P.UnaryMinusExpressionContext):
            return -_number(self.value(node.ccExpression()))
        if isinstance(node, P.NotOperatorExpressionContext):
            operand = self.value(node.ccExpression())
            return not operand if isinstance(operand, bool) else ~_integer(operand)
        if isinstance(node, (P.ArithmeticExpressionContext, P.ConcatExpressionContext,
                             P.RelationExpressionContext, P.BooleanExpressionContext)):
            left, right = (self.value(operand) for operand in node.ccExpression())
            return self.binary(node, node.getChild(1).getText().upper(), left, right)
        raise self.error(node, "this resolver does not evaluate that expression")

    def literal(self, node):
        token = node.literalExpression().start
        text = token.text
        kind = token.type
        if kind == vba_ccParser.BOOLEANLITERAL:
            return text.upper() == "TRUE"
        if kind == vba_ccParser.STRINGLITERAL:
            return text[1:-1].replace('""', '"')
        if kind == vba_ccParser.INTEGERLITERAL:  # decimal only: vba_cc lexes &H10 and &O17 as tokens of their own
            return int(text.rstrip("%&^"))
        if kind == vba_ccParser.FLOATLITERAL:
            return float(text.rstrip("!#@").upper().replace("D", "E"))
        if kind == vba_ccParser.EMPTY_:
            return EMPTY
        raise self.error(node, "this resolver does not evaluate that literal")

    def binary(self, node, op: str, left, right):
        if op == "&":
            return _text(left) + _text(right)
        if op in _COMPARE:
            if isinstance(left, str) or isinstance(right, str):
                if not all(isinstance(side, str) or side is EMPTY for side in (left, right)):
                    raise self.error(node, "a string compared with a number")
                return _COMPARE[op](_text(left), _text(right))
            return _COMPARE[op](_number(left), _number(right))
        if op in _LOGIC:
            if isinstance(left, bool) and isinstance(right, bool):  # True is -1: bitwise on -1/0, kept boolean
                return _LOGIC[op](-left, -right) != 0
            return _LOGIC[op](_integer(left), _integer(right))
        a, b = _number(left), _number(right)
        if op in ("\\", "MOD"):
            a, b = _integer(a), _integer(b)
        if b == 0 and op in ("/", "\\", "MOD"):
            raise self.error(node, "division by zero")
        if op == "\\" or op == "MOD":
            quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)  # truncated toward zero
            return quotient if op == "\\" else a - b * quotient
        return _ARITHMETIC[op](a, b)


_COMPARE = {"=": operator.eq, "<>": operator.ne, "><": operator.ne, "<": operator.lt, "<=": operator.le,
            "=<": operator.le, ">": operator.gt, ">=": operator.ge, "=>": operator.ge}
_LOGIC = {"AND": operator.and_, "OR": operator.or_, "XOR": operator.xor,
          "EQV": lambda a, b: ~(a ^ b), "IMP": lambda a, b: ~a | b}
_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "^": operator.pow}


class _TypeMismatch(Exception):
    """A string where VBA needs a number (reported with the expression it is in)."""


def _number(value) -> int | float:
    """A value as VBA's arithmetic sees it: True is -1, Empty 0; a string is refused."""
    if value is EMPTY:
        return 0
    if isinstance(value, bool):
        return -1 if value else 0
    if isinstance(value, (int, float)):
        return value
    raise _TypeMismatch(f"{value!r} is not a number")


def _integer(value) -> int:
    number = _number(value)
    return number if isinstance(number, int) else round(number)  # VBA rounds half to even, as round() does


def _text(value) -> str:
    if value is EMPTY:
        return ""
    if isinstance(value, bool):
        return "True" if value else "False"
    return str(value)


# --- the exported form of a class or document module ----------------------------------------------------

EXPORT_HEADER = ["VERSION 1.0 CLASS", "BEGIN", "  MultiUse = -1  'True", "END"]
# Attributes a class module's stream holds and its export leaves out (as xlwings' Dictionary.cls, an
# export, shows); the grammar's class header knows neither.
_STORED_ONLY = re.compile(r"\s*Attribute\s+VB_(Base|TemplateDerived)\s*=", re.IGNORECASE)


def exported_form(source: str) -> tuple[str, list[int]]:
    """A class or document module as the VBE exports it, and for each of its lines the line it came from.

    The stored text starts with its ``Attribute`` lines; an export puts the ``VERSION 1.0 CLASS`` header
    and ``BEGIN ... END`` block first and leaves out ``VB_Base`` and ``VB_TemplateDerived``.  An
    exported module (already starting with ``VERSION``) is returned as it is.
    """
    lines = _lines(source)
    if lines and lines[0].upper().startswith("VERSION "):
        return "\r\n".join(lines), list(range(1, len(lines) + 1))
    kept = [(number, line) for number, line in enumerate(lines, 1) if not _STORED_ONLY.match(line)]
    origin = [0] * len(EXPORT_HEADER) + [number for number, _ in kept]
    return "\r\n".join(EXPORT_HEADER + [line for _, line in kept]), origin


# --- pass 2: the module --------------------------------------------------------------------------

@dataclass(frozen=True)
class Parse:
    """What the grammar made of a module: its errors, whether it reached the end, its procedures."""

    issues: tuple[SyntaxIssue, ...]
    reached_end: bool
    subs: tuple[tuple[str, str, int], ...]  # (name, scope as written or "", number of parameters)


def parse_module(text: str, line_of=lambda line: line) -> Parse:
    """Parse ``text`` from ``startRule``: quickly (SLL) if that succeeds, else fully (LL), for the errors.

    SLL prediction accepts only valid input, so a success is final; when it fails the input is parsed
    again with full LL prediction and antlr's recovery, and every error it reports is kept.  ``line_of``
    turns a line of ``text`` into the line to report.  Parses are cached by text: the platforms of a
    module without ``#If`` compile the same text.
    """
    issues, reached_end, subs = _parse(text)
    return Parse(tuple(SyntaxIssue(line_of(i.line), i.column, i.message) for i in issues), reached_end, subs)


@lru_cache(maxsize=64)
def _parse(text: str) -> tuple[tuple[SyntaxIssue, ...], bool, tuple[tuple[str, str, int], ...]]:
    for mode in (PredictionMode.SLL, PredictionMode.LL):
        collect = _Collect()
        lexer = vbaLexer(InputStream(text))
        tokens = CommonTokenStream(lexer)
        parser = vbaParser(tokens)
        parser._interp.predictionMode = mode
        for recognizer in (lexer, parser):
            recognizer.removeErrorListeners()
            recognizer.addErrorListener(collect)
        if mode == PredictionMode.SLL:
            parser._errHandler = BailErrorStrategy()  # stop at the first error, to parse again with LL
        try:
            tree = parser.startRule()
        except ParseCancellationException:
            continue
        if mode == PredictionMode.SLL and collect.issues:  # a lexer error: parse again for the parser's too
            continue
        reached_end = tokens.LA(1) == Token.EOF and tree.EOF() is not None
        return tuple(collect.issues), reached_end, tuple(_subs(tree))
    raise AssertionError("unreachable: the LL pass returns")


def _subs(tree):
    """Every ``Sub`` declared in the tree: its name, scope keyword and parameter count."""
    for node in _descendants(tree, vbaParser.SubroutineDeclarationContext):
        if node.subroutineName() is None:  # a declaration the parser gave up on (its error is reported)
            continue
        scope = node.procedureScope().getText() if node.procedureScope() else ""
        parameters = sum(1 for _ in _descendants(node.procedureParameters(), (
            vbaParser.PositionalParamContext, vbaParser.OptionalParamContext, vbaParser.ParamArrayContext)))
        yield node.subroutineName().getText(), scope, parameters


def _descendants(node, kinds):
    """The nodes of ``kinds`` under ``node`` (itself included), in source order; none under None."""
    stack = [node] if node is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, kinds):
            yield node
        if isinstance(node, ParserRuleContext):
            stack.extend(reversed(list(node.getChildren())))


# --- both passes ------------------------------------------------------------------------------------

def check_module(source: str, kind: str, platform: Platform) -> Parse:
    """``source`` (a ``standard``, ``class`` or ``document`` module) as ``platform`` compiles it.

    A conditional-compilation error is returned as the parse's issues, with nothing parsed.
    """
    try:
        resolved = resolve_conditional_compilation(source, platform)
    except ConditionalCompilationError as error:
        return Parse(tuple(error.issues), False, ())
    if kind == "standard":
        return parse_module(resolved)
    text, origin = exported_form(resolved)
    return parse_module(text, line_of=lambda line: origin[line - 1] if 0 < line <= len(origin) else line)
