Attribute VB_Name = "xlwings"
' Test double of xlwings' RunPython, used only in test builds (LibreOffice cannot
' compile the real xlwings module). It records the command instead of running it,
' in xlsolver.state!D1 (and counts calls in E1). F1 makes it misbehave once, to test
' the buttons' error trapping: "raise" raises an error, a macro's name runs that
' macro from inside RunPython (a second click while the first one is running).
Option Explicit

Public Function RunPython(PythonCommand As String)
    Dim Log As Range, Misbehave As String
    Set Log = ThisWorkbook.Worksheets("xlsolver.state").Range("D1")
    Log.Value = PythonCommand
    Log.Offset(0, 1).Value = Log.Offset(0, 1).Value + 1
    Misbehave = Log.Offset(0, 2).Value
    Log.Offset(0, 2).Value = ""
    If Misbehave = "raise" Then
        Err.Raise 5, , "the test stub failed as asked"
    ElseIf Misbehave <> "" Then
        Application.Run Misbehave
    End If
End Function
