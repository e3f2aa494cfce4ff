#!/bin/sh
# Make the TLS files of mosquitto-tls.conf with openssl: a CA, a server certificate and one client
# certificate per name given (a station: station-T1; a consumer, if it is to use one: platform).
#
#   make-certs.sh DIR SERVER_NAME [CLIENT_NAME ...]
#
# DIR            where the files go (made if missing): ca.pem ca.key server.pem server.key NAME.pem NAME.key
# SERVER_NAME    the broker's host name or IP address, as the stations write it in their broker URL
# CLIENT_NAME    the certificate's common name, which the broker takes as the user name of the ACL
#
# Nothing is made again: an existing CA, server certificate or client certificate is kept, so the
# script run again with a new name adds that name's certificate, signed by the same CA.
# DAYS (environment) is how long the certificates made now are valid (default 825 days; the CA 10 years).
# Keys are written readable by their owner only (certificates by all); ca.key signs every certificate: keep it off the broker.
set -eu

if [ "$#" -lt 2 ]; then
    echo "usage: $0 DIR SERVER_NAME [CLIENT_NAME ...]" >&2
    exit 2
fi
dir=$1
server=$2
shift 2
days=${DAYS:-825}
umask 077
mkdir -p "$dir"
cd "$dir"

check_name() {
    case $1 in
        ""|*[!A-Za-z0-9._:-]*)
            echo "$0: '$1' is not a name for a certificate (letters, digits, '.', '_', '-', ':')" >&2
            exit 2 ;;
    esac
}

check_name "$server"
for name in "$@"; do
    check_name "$name"
    case $name in ca|server)
        echo "$0: '$name' is the name of the CA's or the server's files; choose another" >&2
        exit 2 ;;
    esac
done

ec="-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"

if [ ! -f ca.pem ]; then
    # shellcheck disable=SC2086
    openssl req -x509 $ec -keyout ca.key -out ca.pem -days 3650 -subj "/CN=dealer-station broker CA" \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
    chmod 644 ca.pem
    echo "made ca.pem (and ca.key)"
fi

# sign NAME EXTENSIONS: NAME.key and NAME.csr -> NAME.pem, signed by the CA
sign() {
    printf '%s\n' "$2" > "$1.ext"
    openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -out "$1.pem" -days "$days" \
        -extfile "$1.ext" 2>/dev/null
    chmod 644 "$1.pem"
    rm -f "$1.csr" "$1.ext"
}

if [ ! -f server.pem ]; then
    case $server in
        *[!0-9.]*) case $server in *:*) san="IP:$server" ;; *) san="DNS:$server" ;; esac ;;
        *) san="IP:$server" ;;
    esac
    # shellcheck disable=SC2086
    openssl req $ec -keyout server.key -out server.csr -subj "/CN=$server" 2>/dev/null
    sign server "subjectAltName=$san
extendedKeyUsage=serverAuth"
    echo "made server.pem (and server.key) for $server"
fi

for name in "$@"; do
    if [ -f "$name.pem" ]; then
        echo "kept $name.pem"
        continue
    fi
    # shellcheck disable=SC2086
    openssl req $ec -keyout "$name.key" -out "$name.csr" -subj "/CN=$name" 2>/dev/null
    sign "$name" "extendedKeyUsage=clientAuth"
    echo "made $name.pem (and $name.key)"
done
