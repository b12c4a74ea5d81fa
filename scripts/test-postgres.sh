#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on loopback for the tests (used by .ci/run; source it and call
# start_test_postgres to try the PostgreSQL variant locally). Exports TEST_DATABASE_URL.

start_test_postgres() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then
    echo "PostgreSQL non installato: apt-get install postgresql" >&2
    return 1
  fi
  TEST_PG_PORT=${TEST_PG_PORT:-55432}
  # In memory where there is /dev/shm (tmpfs): a test database is created by copying a template's
  # files, which a virtual disk makes slow (ADR 039).
  local scratch=/tmp
  # (with 2 GB free at least: a container's /dev/shm has 64 MB)
  if [ -w /dev/shm ] && [ "$(df -k --output=avail /dev/shm 2>/dev/null | tail -n 1)" -ge 2097152 ] 2>/dev/null; then
    scratch=/dev/shm
  fi
  TEST_PG_DIR=$(mktemp -d "$scratch/sodalis-pg.XXXXXX")
  local run_as=()
  if [ "$(id -u)" = 0 ]; then
    # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$TEST_PG_DIR"
    run_as=(runuser -u postgres --)
  fi
  "${run_as[@]}" "$bin/initdb" -D "$TEST_PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  "${run_as[@]}" "$bin/pg_ctl" -D "$TEST_PG_DIR/data" -l "$TEST_PG_DIR/log" -w \
    -o "-p $TEST_PG_PORT -k $TEST_PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
  TEST_PG_BIN=$bin
  export TEST_PG_BIN TEST_PG_DIR TEST_PG_PORT
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$TEST_PG_PORT/postgres"
}

stop_test_postgres() {
  [ -n "${TEST_PG_DIR:-}" ] || return 0
  local run_as=()
  [ "$(id -u)" = 0 ] && run_as=(runuser -u postgres --)
  "${run_as[@]}" "$TEST_PG_BIN/pg_ctl" -D "$TEST_PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$TEST_PG_DIR"
}
