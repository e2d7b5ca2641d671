Attribute VB_Name = "Buttons"
' One short macro per button. Each names its area and action and hands them to
' Python, where all the logic lives (xlsolver/workbook/actions.py). The module is
' private: the buttons run its macros, the Macros list (Alt+F8) does not show them.
Option Explicit
Option Private Module

Private Pressing As Boolean ' a click is being handled: a second one is refused, not queued

' Say "Running..." in the area's status cell, with a wait cursor, before Python starts
' (it takes a second or two to load), then hand the click to Python. Python ends by
' writing its own status line; if the cell still says "Running...", Python never ran
' (no interpreter, no xlsolver in it, xlwings refused), and the cell says so. On a Mac
' RunPython returns at once while Python works on, so only Windows checks. The status
' bar is Python's (its progress line); LibreOffice without a window crashes on it.
Private Sub Press(Area As String, Action As String)
    Dim Status As Range, Running As String
    If Pressing Then Exit Sub ' the wait cursor already says a click is being handled
    Pressing = True
    On Error GoTo Failed
    Set Status = ThisWorkbook.Names(Area & "_Status").RefersToRange
    Running = "Running " & UCase(Left(Action, 1)) & Mid(Action, 2) & "..."
    Status.Value = Running
    Application.Cursor = xlWait
    DoEvents ' let Excel paint the status before Python starts
    RunPython "import xlsolver.excel as x; x.on_button('" & Area & "', '" & Action & "')"
    If Status.Value = Running Then
        If InStr(1, Application.OperatingSystem, "Mac", vbTextCompare) = 0 Then Status.Value = NoAnswer
    End If
Done:
    Application.Cursor = xlDefault
    Pressing = False
    Exit Sub
Failed:
    If Status Is Nothing Then
        MsgBox "xlsolver: this workbook has no cell named " & Area & "_Status (" & Err.Description & ").", vbCritical
    Else
        Status.Value = "xlsolver could not run " & Action & ": " & Err.Description
    End If
    Resume Done
End Sub

Private Function NoAnswer() As String
    NoAnswer = "Python did not answer: xlwings could not start it, or its Python lacks xlsolver (xlwings said why " & _
        "in a message). Set Interpreter_Win to the Python that has xlsolver: see Troubleshooting in docs/excel-guide.md."
End Function

' --- Below: one macro per button, written by 'xlsolver build-workbook' from the layout. Do not edit.

' Pentominoes: 6 x 10 rectangle (9,356 solutions)
Sub Pento6x10_Solve()
    Press "Pento6x10", "solve"
End Sub
Sub Pento6x10_Next()
    Press "Pento6x10", "next"
End Sub
Sub Pento6x10_Count()
    Press "Pento6x10", "count"
End Sub
Sub Pento6x10_HeatMap()
    Press "Pento6x10", "heatmap"
End Sub
Sub Pento6x10_Unique()
    Press "Pento6x10", "unique"
End Sub
Sub Pento6x10_Hint()
    Press "Pento6x10", "hint"
End Sub
Sub Pento6x10_Generate()
    Press "Pento6x10", "generate"
End Sub
Sub Pento6x10_Booklet()
    Press "Pento6x10", "booklet"
End Sub
Sub Pento6x10_Clear()
    Press "Pento6x10", "clear"
End Sub

' Pentominoes: 5 x 12 rectangle (4,040 solutions)
Sub Pento5x12_Solve()
    Press "Pento5x12", "solve"
End Sub
Sub Pento5x12_Next()
    Press "Pento5x12", "next"
End Sub
Sub Pento5x12_Count()
    Press "Pento5x12", "count"
End Sub
Sub Pento5x12_HeatMap()
    Press "Pento5x12", "heatmap"
End Sub
Sub Pento5x12_Unique()
    Press "Pento5x12", "unique"
End Sub
Sub Pento5x12_Hint()
    Press "Pento5x12", "hint"
End Sub
Sub Pento5x12_Generate()
    Press "Pento5x12", "generate"
End Sub
Sub Pento5x12_Booklet()
    Press "Pento5x12", "booklet"
End Sub
Sub Pento5x12_Clear()
    Press "Pento5x12", "clear"
End Sub

' Pentominoes: 4 x 15 rectangle (1,472 solutions)
Sub Pento4x15_Solve()
    Press "Pento4x15", "solve"
End Sub
Sub Pento4x15_Next()
    Press "Pento4x15", "next"
End Sub
Sub Pento4x15_Count()
    Press "Pento4x15", "count"
End Sub
Sub Pento4x15_HeatMap()
    Press "Pento4x15", "heatmap"
End Sub
Sub Pento4x15_Unique()
    Press "Pento4x15", "unique"
End Sub
Sub Pento4x15_Hint()
    Press "Pento4x15", "hint"
End Sub
Sub Pento4x15_Generate()
    Press "Pento4x15", "generate"
End Sub
Sub Pento4x15_Booklet()
    Press "Pento4x15", "booklet"
End Sub
Sub Pento4x15_Clear()
    Press "Pento4x15", "clear"
End Sub

' Pentominoes: 3 x 20 rectangle (8 solutions)
Sub Pento3x20_Solve()
    Press "Pento3x20", "solve"
End Sub
Sub Pento3x20_Next()
    Press "Pento3x20", "next"
End Sub
Sub Pento3x20_Count()
    Press "Pento3x20", "count"
End Sub
Sub Pento3x20_HeatMap()
    Press "Pento3x20", "heatmap"
End Sub
Sub Pento3x20_Unique()
    Press "Pento3x20", "unique"
End Sub
Sub Pento3x20_Hint()
    Press "Pento3x20", "hint"
End Sub
Sub Pento3x20_Generate()
    Press "Pento3x20", "generate"
End Sub
Sub Pento3x20_Booklet()
    Press "Pento3x20", "booklet"
End Sub
Sub Pento3x20_Clear()
    Press "Pento3x20", "clear"
End Sub

' Pentominoes: 8 x 8 minus the centre (Scott's board, 520 solutions)
Sub PentoScott_Solve()
    Press "PentoScott", "solve"
End Sub
Sub PentoScott_Next()
    Press "PentoScott", "next"
End Sub
Sub PentoScott_Count()
    Press "PentoScott", "count"
End Sub
Sub PentoScott_HeatMap()
    Press "PentoScott", "heatmap"
End Sub
Sub PentoScott_Unique()
    Press "PentoScott", "unique"
End Sub
Sub PentoScott_Hint()
    Press "PentoScott", "hint"
End Sub
Sub PentoScott_Generate()
    Press "PentoScott", "generate"
End Sub
Sub PentoScott_Booklet()
    Press "PentoScott", "booklet"
End Sub
Sub PentoScott_Clear()
    Press "PentoScott", "clear"
End Sub

' IQ Puzzler Pro: 5 x 11 board
Sub IQ5x11_Solve()
    Press "IQ5x11", "solve"
End Sub
Sub IQ5x11_Next()
    Press "IQ5x11", "next"
End Sub
Sub IQ5x11_Count()
    Press "IQ5x11", "count"
End Sub
Sub IQ5x11_HeatMap()
    Press "IQ5x11", "heatmap"
End Sub
Sub IQ5x11_Unique()
    Press "IQ5x11", "unique"
End Sub
Sub IQ5x11_Hint()
    Press "IQ5x11", "hint"
End Sub
Sub IQ5x11_Generate()
    Press "IQ5x11", "generate"
End Sub
Sub IQ5x11_Booklet()
    Press "IQ5x11", "booklet"
End Sub
Sub IQ5x11_Clear()
    Press "IQ5x11", "clear"
End Sub

' IQ Puzzler Pro: Diamond board (the 45-degree side, drawn on the square grid)
Sub IQDiamond_Solve()
    Press "IQDiamond", "solve"
End Sub
Sub IQDiamond_Next()
    Press "IQDiamond", "next"
End Sub
Sub IQDiamond_Count()
    Press "IQDiamond", "count"
End Sub
Sub IQDiamond_HeatMap()
    Press "IQDiamond", "heatmap"
End Sub
Sub IQDiamond_Unique()
    Press "IQDiamond", "unique"
End Sub
Sub IQDiamond_Hint()
    Press "IQDiamond", "hint"
End Sub
Sub IQDiamond_Generate()
    Press "IQDiamond", "generate"
End Sub
Sub IQDiamond_Booklet()
    Press "IQDiamond", "booklet"
End Sub
Sub IQDiamond_Clear()
    Press "IQDiamond", "clear"
End Sub

' Custom: Board (empty cells inside the size are open board)
Sub Custom_Solve()
    Press "Custom", "solve"
End Sub
Sub Custom_Next()
    Press "Custom", "next"
End Sub
Sub Custom_Count()
    Press "Custom", "count"
End Sub
Sub Custom_HeatMap()
    Press "Custom", "heatmap"
End Sub
Sub Custom_Unique()
    Press "Custom", "unique"
End Sub
Sub Custom_Hint()
    Press "Custom", "hint"
End Sub
Sub Custom_Clear()
    Press "Custom", "clear"
End Sub

' Calendar: Calendar board
Sub Calendar_Solve()
    Press "Calendar", "solve"
End Sub
Sub Calendar_Next()
    Press "Calendar", "next"
End Sub
Sub Calendar_Count()
    Press "Calendar", "count"
End Sub
Sub Calendar_HeatMap()
    Press "Calendar", "heatmap"
End Sub
Sub Calendar_Unique()
    Press "Calendar", "unique"
End Sub
Sub Calendar_Hint()
    Press "Calendar", "hint"
End Sub
Sub Calendar_Generate()
    Press "Calendar", "generate"
End Sub
Sub Calendar_Booklet()
    Press "Calendar", "booklet"
End Sub
Sub Calendar_Clear()
    Press "Calendar", "clear"
End Sub

' Polyforms: Triangles: the hexiamonds 6 x 6 rhombus, I given (624 solutions, 156 up to turning)
Sub Iamonds_Solve()
    Press "Iamonds", "solve"
End Sub
Sub Iamonds_Next()
    Press "Iamonds", "next"
End Sub
Sub Iamonds_Count()
    Press "Iamonds", "count"
End Sub
Sub Iamonds_HeatMap()
    Press "Iamonds", "heatmap"
End Sub
Sub Iamonds_Unique()
    Press "Iamonds", "unique"
End Sub
Sub Iamonds_Hint()
    Press "Iamonds", "hint"
End Sub
Sub Iamonds_Generate()
    Press "Iamonds", "generate"
End Sub
Sub Iamonds_Booklet()
    Press "Iamonds", "booklet"
End Sub
Sub Iamonds_Clear()
    Press "Iamonds", "clear"
End Sub

' Polyforms: Hexagons: the tetrahexes 4 x 7 parallelogram (18 solutions, 9 up to turning)
Sub Hexes_Solve()
    Press "Hexes", "solve"
End Sub
Sub Hexes_Next()
    Press "Hexes", "next"
End Sub
Sub Hexes_Count()
    Press "Hexes", "count"
End Sub
Sub Hexes_HeatMap()
    Press "Hexes", "heatmap"
End Sub
Sub Hexes_Unique()
    Press "Hexes", "unique"
End Sub
Sub Hexes_Hint()
    Press "Hexes", "hint"
End Sub
Sub Hexes_Generate()
    Press "Hexes", "generate"
End Sub
Sub Hexes_Booklet()
    Press "Hexes", "booklet"
End Sub
Sub Hexes_Clear()
    Press "Hexes", "clear"
End Sub

' Ghost Hunter: 4 x 4 board
Sub Ghost_Solve()
    Press "Ghost", "solve"
End Sub
Sub Ghost_Next()
    Press "Ghost", "next"
End Sub
Sub Ghost_Count()
    Press "Ghost", "count"
End Sub
Sub Ghost_Unique()
    Press "Ghost", "unique"
End Sub
Sub Ghost_Hint()
    Press "Ghost", "hint"
End Sub
Sub Ghost_Clear()
    Press "Ghost", "clear"
End Sub

' RoadBlock: 6 x 6 board
Sub RoadBlock_Solve()
    Press "RoadBlock", "solve"
End Sub
Sub RoadBlock_Next()
    Press "RoadBlock", "next"
End Sub
Sub RoadBlock_Count()
    Press "RoadBlock", "count"
End Sub
Sub RoadBlock_Unique()
    Press "RoadBlock", "unique"
End Sub
Sub RoadBlock_Hint()
    Press "RoadBlock", "hint"
End Sub
Sub RoadBlock_Clear()
    Press "RoadBlock", "clear"
End Sub

' Klotski: 4 x 5 board, exit at the bottom middle
Sub Klotski_Solve()
    Press "Klotski", "solve"
End Sub
Sub Klotski_Previous()
    Press "Klotski", "previous"
End Sub
Sub Klotski_Next()
    Press "Klotski", "next"
End Sub
Sub Klotski_Clear()
    Press "Klotski", "clear"
End Sub

' Zen Garden: Garden (up to 16 x 16; beyond the size is dark)
Sub Zen_Solve()
    Press "Zen", "solve"
End Sub
Sub Zen_Clear()
    Press "Zen", "clear"
End Sub

' Sudoku: 9 x 9 grid
Sub Sudoku_Solve()
    Press "Sudoku", "solve"
End Sub
Sub Sudoku_Next()
    Press "Sudoku", "next"
End Sub
Sub Sudoku_Count()
    Press "Sudoku", "count"
End Sub
Sub Sudoku_Unique()
    Press "Sudoku", "unique"
End Sub
Sub Sudoku_Hint()
    Press "Sudoku", "hint"
End Sub
Sub Sudoku_Clear()
    Press "Sudoku", "clear"
End Sub

' Pyramid: 55-ball pyramid
Sub Pyramid_Solve()
    Press "Pyramid", "solve"
End Sub
Sub Pyramid_Save()
    Press "Pyramid", "save"
End Sub
Sub Pyramid_Next()
    Press "Pyramid", "next"
End Sub
Sub Pyramid_Steps()
    Press "Pyramid", "steps"
End Sub
Sub Pyramid_Count()
    Press "Pyramid", "count"
End Sub
Sub Pyramid_Unique()
    Press "Pyramid", "unique"
End Sub
Sub Pyramid_Hint()
    Press "Pyramid", "hint"
End Sub
Sub Pyramid_Generate()
    Press "Pyramid", "generate"
End Sub
Sub Pyramid_Booklet()
    Press "Pyramid", "booklet"
End Sub
Sub Pyramid_Clear()
    Press "Pyramid", "clear"
End Sub

' Cubes: Soma cube (3 x 3 x 3)
Sub Soma_Solve()
    Press "Soma", "solve"
End Sub
Sub Soma_Save()
    Press "Soma", "save"
End Sub
Sub Soma_Next()
    Press "Soma", "next"
End Sub
Sub Soma_Steps()
    Press "Soma", "steps"
End Sub
Sub Soma_Count()
    Press "Soma", "count"
End Sub
Sub Soma_Unique()
    Press "Soma", "unique"
End Sub
Sub Soma_Hint()
    Press "Soma", "hint"
End Sub
Sub Soma_Generate()
    Press "Soma", "generate"
End Sub
Sub Soma_Booklet()
    Press "Soma", "booklet"
End Sub
Sub Soma_Clear()
    Press "Soma", "clear"
End Sub

' Cubes: Bedlam cube (4 x 4 x 4)
Sub Bedlam_Solve()
    Press "Bedlam", "solve"
End Sub
Sub Bedlam_Save()
    Press "Bedlam", "save"
End Sub
Sub Bedlam_Next()
    Press "Bedlam", "next"
End Sub
Sub Bedlam_Steps()
    Press "Bedlam", "steps"
End Sub
Sub Bedlam_Count()
    Press "Bedlam", "count"
End Sub
Sub Bedlam_Unique()
    Press "Bedlam", "unique"
End Sub
Sub Bedlam_Hint()
    Press "Bedlam", "hint"
End Sub
Sub Bedlam_Generate()
    Press "Bedlam", "generate"
End Sub
Sub Bedlam_Booklet()
    Press "Bedlam", "booklet"
End Sub
Sub Bedlam_Clear()
    Press "Bedlam", "clear"
End Sub

' Cubes: Your shape (type . for each cube, a letter for a piece placed)
Sub Cubes_Solve()
    Press "Cubes", "solve"
End Sub
Sub Cubes_Save()
    Press "Cubes", "save"
End Sub
Sub Cubes_Next()
    Press "Cubes", "next"
End Sub
Sub Cubes_Steps()
    Press "Cubes", "steps"
End Sub
Sub Cubes_Count()
    Press "Cubes", "count"
End Sub
Sub Cubes_Unique()
    Press "Cubes", "unique"
End Sub
Sub Cubes_Hint()
    Press "Cubes", "hint"
End Sub
Sub Cubes_Clear()
    Press "Cubes", "clear"
End Sub

' BurrTools: Open a BurrTools file
Sub BurrTools_Solve()
    Press "BurrTools", "solve"
End Sub
Sub BurrTools_Save()
    Press "BurrTools", "save"
End Sub
Sub BurrTools_Next()
    Press "BurrTools", "next"
End Sub
Sub BurrTools_Count()
    Press "BurrTools", "count"
End Sub
Sub BurrTools_Unique()
    Press "BurrTools", "unique"
End Sub
Sub BurrTools_Clear()
    Press "BurrTools", "clear"
End Sub
