/** The contrail CLI entry point. */
console.log('contrail');
