<?php

declare(strict_types=1);

// For a project without composer: `require 'path/to/merchant-client/autoload.php';`. With
// composer, its own PSR-4 autoloader (composer.json) is used instead.
spl_autoload_register(static function (string $class): void {
    $prefix = 'PaymentGateway\\MerchantClient\\';
    if (str_starts_with($class, $prefix)) {
        $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
