foo(&b) { }
