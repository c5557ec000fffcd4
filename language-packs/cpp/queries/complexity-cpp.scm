[(for_range_loop) (catch_clause)] @branch
