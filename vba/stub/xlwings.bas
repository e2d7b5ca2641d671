Attribute VB_Name = "xlwings"
' Test double of xlwings' RunPython, used only in test builds (LibreOffice cannot
' compile the real xlwings module). It records the command instead of running it.
Option Explicit

Public Function RunPython(PythonCommand As String)
    Dim Log As Range
    Set Log = ThisWorkbook.Worksheets("xlsolver.state").Range("D1")
    Log.Value = PythonCommand
    Log.Offset(0, 1).Value = Log.Offset(0, 1).Value + 1
End Function
