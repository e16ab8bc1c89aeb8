<?php

declare(strict_types=1);

namespace PaymentGateway\MerchantClient;

use PaymentGateway\MerchantClient\Exception\ConfigurationException;

/** The client's settings, checked once: a ConfigurationException names what is wrong, nothing is sent. */
final class Configuration
{
    public readonly string $baseUrl;

    /**
     * @param (callable(array<string, mixed>): void)|null $logger receives request, response,
     *        warning and error events with card data masked (a PSR-3 logger fits in one line: `fn ($e) => $log->info($e['type'], $e)`)
     */
    public function __construct(
        string $baseUrl,
        /** `client_key` on S2S, `merchant_key` on Checkout. */
        public readonly string $merchantKey,
        #[\SensitiveParameter] public readonly string $password,
        /** md5 unless the operator switched the merchant to SHA256 signatures. */
        public readonly string $signatureAlgorithm = 'md5',
        /** The S2S CARD CAPTURE / VOID / GET_TRANS_STATUS formula: null for the document's, `vendor` (needs `signing`). */
        public readonly ?string $cardStatusSignature = null,
        public readonly bool $validateRequests = true,
        public readonly int $timeoutMs = 30000,
        /** Extra attempts for idempotent lookups and for requests that never left. */
        public readonly int $retries = 2,
        /** Delay before attempt n+1: retryDelayMs * 2^(n-1). */
        public readonly int $retryDelayMs = 200,
        public readonly mixed $logger = null,
        /**
         * Real method value per neutral method label, for a deployment whose client was generated
         * with the labels (`['pin_voucher' => 'pv-real']`): S2S `brand`, Checkout `methods` items
         * and `parameters.<method>` keys. Requests are validated with the label and sent, and
         * signed, with the real value. spec/deployment.yaml does the same at generation time.
         *
         * @var array<string, string>
         */
        public readonly array $brandValues = [],
        /**
         * When the server announces a newer interface than this package's (InterfaceNotice):
         * true reports it with error_log, a callable receives the notice, false never reports;
         * once per process. Null: only a sandbox's announcement, with error_log.
         *
         * @var bool|(callable(array<string, string>): void)|null
         */
        public readonly mixed $interfaceNotice = null,
    ) {
        if (!preg_match('#^https?://[^\s/]+#i', $baseUrl)) {
            throw new ConfigurationException('client options', 'baseUrl must be an http(s) URL of the platform');
        }
        if (trim($merchantKey) === '') {
            throw new ConfigurationException('client options', 'merchantKey must be the merchant key (a non-empty string)');
        }
        if (trim($password) === '') {
            throw new ConfigurationException('client options', 'password must be the merchant password (a non-empty string)');
        }
        if ($signatureAlgorithm !== 'md5' && $signatureAlgorithm !== 'sha256') {
            throw new ConfigurationException('client options', "signatureAlgorithm must be 'md5' or 'sha256'");
        }
        foreach ($brandValues as $value) {
            if (!is_string($value) || $value === '') {
                throw new ConfigurationException('client options', 'brandValues must map each method label to its real value (non-empty strings)');
            }
        }
        if ($interfaceNotice !== null && !is_bool($interfaceNotice) && !is_callable($interfaceNotice)) {
            throw new ConfigurationException('client options', 'interfaceNotice must be true, false or a function that receives the notice');
        }
        if ($logger !== null && !is_callable($logger)) {
            throw new ConfigurationException('client options', 'logger must be callable');
        }
        if ($retries < 0 || $timeoutMs <= 0) {
            throw new ConfigurationException('client options', 'retries must be 0 or more and timeoutMs positive');
        }
        $this->baseUrl = rtrim($baseUrl, '/');
    }

    /** Hides the password from var_dump and print_r. */
    public function __debugInfo(): array
    {
        return ['baseUrl' => $this->baseUrl, 'merchantKey' => $this->merchantKey, 'password' => Sensitive::REDACTED, 'signatureAlgorithm' => $this->signatureAlgorithm];
    }
}
