module example.com/worker

go 1.22

require github.com/jackc/pgx/v5 v5.4.0
