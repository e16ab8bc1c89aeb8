<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient\Transport;

/** The default transport: ext-curl, one handle reused across calls (keep-alive to the platform). */
final class CurlTransport implements Transport
{
    /** cURL errors where the request certainly never left: no connection was made. */
    private const NOT_SENT = [CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY];

    private ?\CurlHandle $handle = null;

    public function send(HttpRequest $request): HttpResponse
    {
        $handle = $this->handle ??= self::handle();
        $headers = ['Expect:'];
        foreach ($request->headers as $name => $value) {
            $headers[] = "{$name}: {$value}";
        }
        // The answer's headers, lower-cased (the interface announcement among them).
        $received = [];
        // What differs between requests is set on every call, so the handle needs no reset.
        curl_setopt_array($handle, [
            CURLOPT_URL => $request->url,
            CURLOPT_CUSTOMREQUEST => $request->method,
            CURLOPT_POSTFIELDS => $request->body,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_TIMEOUT_MS => $request->timeoutMs,
            CURLOPT_HEADERFUNCTION => static function (\CurlHandle $handle, string $line) use (&$received): int {
                $colon = strpos($line, ':');
                if ($colon !== false) {
                    $received[strtolower(trim(substr($line, 0, $colon)))] = trim(substr($line, $colon + 1));
                }
                return strlen($line);
            },
        ]);
        $body = curl_exec($handle);
        if ($body === false) {
            $code = curl_errno($handle);
            // The URL and cURL's text only: never the body.
            throw new TransportFailure(curl_error($handle), $code === CURLE_OPERATION_TIMEDOUT, in_array($code, self::NOT_SENT, true));
        }
        return new HttpResponse((int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE), (string) $body, $received);
    }

    /** A handle with what every request shares: the answer returned, no redirect followed, http(s) only. */
    private static function handle(): \CurlHandle
    {
        $handle = curl_init();
        curl_setopt_array($handle, [
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTPS | CURLPROTO_HTTP,
        ]);
        return $handle;
    }
}
