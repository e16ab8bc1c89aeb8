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
        $handle = $this->handle ??= curl_init();
        curl_reset($handle);
        $headers = [];
        foreach ($request->headers as $name => $value) {
            $headers[] = "{$name}: {$value}";
        }
        $responseHeaders = [];
        curl_setopt_array($handle, [
            CURLOPT_URL => $request->url,
            CURLOPT_CUSTOMREQUEST => $request->method,
            CURLOPT_POSTFIELDS => $request->body,
            CURLOPT_HTTPHEADER => [...$headers, 'Expect:'],
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_TIMEOUT_MS => $request->timeoutMs,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTPS | CURLPROTO_HTTP,
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$responseHeaders): int {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $responseHeaders[strtolower(trim($parts[0]))] = trim($parts[1]);
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
        return new HttpResponse((int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE), (string) $body, $responseHeaders);
    }
}
