"""The workbook layer: layout, builder, VBA project writer and spreadsheet adapters."""
