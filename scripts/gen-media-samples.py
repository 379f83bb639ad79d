"""Writes the document samples under fixtures/media (pdf, epub, docx, pptx).

The audio, video and webp samples were made once with ffmpeg (commands in
fixtures/media/README.md). Tests and `seed:demo` read the committed files; nothing here
runs in CI.
"""
import pathlib
import zipfile

OUT = pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "media"


def pdf(title: str) -> bytes:
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    ]
    text = f"BT /F1 12 Tf 20 50 Td ({title}) Tj ET".encode()
    objects.append(b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def write_zip(name: str, entries: list[tuple[str, str]], stored_first: bool = False):
    with zipfile.ZipFile(OUT / name, "w") as archive:
        for index, (path, text) in enumerate(entries):
            method = zipfile.ZIP_STORED if stored_first and index == 0 else zipfile.ZIP_DEFLATED
            info = zipfile.ZipInfo(path, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = method
            archive.writestr(info, text)


CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/{part}" ContentType="{type}"/>
</Types>"""

OUT.mkdir(parents=True, exist_ok=True)
(OUT / "sample.pdf").write_bytes(pdf("Lampstand sample"))
write_zip(
    "sample.epub",
    [
        ("mimetype", "application/epub+zip"),
        (
            "META-INF/container.xml",
            '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles/></container>',
        ),
    ],
    stored_first=True,
)
write_zip(
    "sample.docx",
    [
        (
            "[Content_Types].xml",
            CONTENT_TYPES.format(
                part="word/document.xml",
                type="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
            ),
        ),
        (
            "word/document.xml",
            '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Lampstand</w:t></w:r></w:p></w:body></w:document>',
        ),
    ],
)
write_zip(
    "sample.pptx",
    [
        (
            "[Content_Types].xml",
            CONTENT_TYPES.format(
                part="ppt/presentation.xml",
                type="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
            ),
        ),
        (
            "ppt/presentation.xml",
            '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>',
        ),
    ],
)
write_zip("sample.zip", [("readme.txt", "a plain zip, which the library refuses")])
