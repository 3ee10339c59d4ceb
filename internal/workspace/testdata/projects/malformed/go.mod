module example.com/broken

go 1.22

require github.com/jackc/pgx/v5
