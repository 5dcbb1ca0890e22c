UPDATE "ZUSER" SET ZNAME = ? /* comment */ WHERE Z_PK IN (1, 2, 3) -- tail
