module example.com/shop

go 1.22

require (
	github.com/jackc/pgx/v5 v5.5.4
	golang.org/x/text v0.14.0 // indirect
)
