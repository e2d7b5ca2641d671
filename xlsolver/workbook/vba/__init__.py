"""The VBA project writer: ``vbaProject.bin`` from module source, on any platform.

Its own package because it is a file format, not workbook logic: MS-OVBA
records and compression inside an MS-CFB compound file, each part testable
byte for byte against oletools and olefile.

* :mod:`.project`: the ``dir``, ``PROJECT``, ``PROJECTwm`` and ``_VBA_PROJECT``
  streams, and the module sources with their ``Attribute`` headers;
* :mod:`.compression`: MS-OVBA 2.4.1 compression (and decompression, for tests);
* :mod:`.cfb`: the compound file that holds the streams.
"""
from .project import VBAModule, build_vba_project, module_source

__all__ = ["VBAModule", "build_vba_project", "module_source"]
